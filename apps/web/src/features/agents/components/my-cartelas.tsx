import { PATTERN_IDS } from '@cartela/core';
import { Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useMyCartelas } from '@/api/cartelas';
import { Badge } from '@/components/ui/badge';
import { PageHeader } from '@/components/ui/page-header';
import { useSession } from '@/lib/session';
import { CartelasPanel } from './cartelas-panel';

/**
 * /agents for an agent: its own cartelas, view only (product/screens.md#own-cartelas). These are the agent's own
 * copies, the cards its games are checked against, so they are also what it prints. A card names the winning
 * patterns it plays: the agent's own, the ones its games may use (the server refuses any other), in core's
 * order (decision 066).
 */
export function MyCartelas() {
  const { t } = useTranslation();
  const cartelas = useMyCartelas();
  const { user } = useSession();
  const mine = user?.winningPatterns ?? [];
  const patterns = PATTERN_IDS.filter((id) => mine.includes(id));
  return (
    <>
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            {t('agents.cartelasTitle')}
            <Badge tone="neutral" className="text-sm">
              <Eye className="size-3.5" aria-hidden="true" />
              {t('agents.viewOnly')}
            </Badge>
          </span>
        }
        description={t('agents.mine.subtitle')}
      />
      <CartelasPanel
        list={cartelas}
        loadFailed={t('agents.mine.loadFailed')}
        emptyTitle={t('agents.mine.empty')}
        emptyBody={t('agents.mine.emptyBody')}
        patternsOf={() => patterns}
        patternsLabel={t('agents.mine.patterns')}
      />
    </>
  );
}
