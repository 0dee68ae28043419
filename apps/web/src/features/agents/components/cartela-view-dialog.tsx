import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { BingoCard } from '@/components/ui/bingo-card';
import { Dialog } from '@/components/ui/dialog';
import { usePatternName } from '../utils/patterns';

export interface CartelaViewDialogProps {
  cartelaNumber: number;
  card: readonly (readonly number[])[];
  /** The winning patterns to name under the card; none to leave the list out. */
  patterns?: readonly string[];
  /** What the patterns are: the cartela's own, or the agent's. */
  patternsLabel?: string;
  /** Buttons along the bottom (the admin's editor: edit, generate, remove). */
  actions?: ReactNode;
  onClose: () => void;
}

/** One cartela's card: B-I-N-G-O with each column's range, the free centre, and its winning patterns. */
export function CartelaViewDialog({
  cartelaNumber,
  card,
  patterns,
  patternsLabel,
  actions,
  onClose,
}: CartelaViewDialogProps) {
  const { t } = useTranslation();
  const patternName = usePatternName();
  const title = t('agents.cartelas.cardTitle', { n: cartelaNumber });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} footer={actions}>
      <div className="flex justify-center">
        <BingoCard card={card} caption={title} freeLabel={t('agents.cartelas.free')} showRanges size="lg" />
      </div>
      {patterns && (
        <section className="mt-5" aria-label={patternsLabel ?? t('agents.cartelas.patterns')}>
          <h3 className="text-sm font-semibold text-ink">{patternsLabel ?? t('agents.cartelas.patterns')}</h3>
          {patterns.length > 0 ? (
            <ul className="mt-2 flex flex-wrap gap-1.5">
              {patterns.map((id) => (
                <li key={id}>
                  <Badge tone="brand">{patternName(id)}</Badge>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-sm text-ink-muted">{t('agents.cartelas.noPatterns')}</p>
          )}
        </section>
      )}
    </Dialog>
  );
}
