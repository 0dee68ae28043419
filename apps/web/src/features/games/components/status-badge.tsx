import type { GameStatus } from '@cartela/contract';
import { useTranslation } from 'react-i18next';
import { Badge, GAME_STATUS_TONE } from '@/components/ui/badge';

/**
 * A game's status in the spec's colours: active green, finished red, cancelled grey, paused yellow. `title`: more
 * about it on hover (why a game was cancelled).
 */
export function StatusBadge({ status, title }: { status: GameStatus; title?: string }) {
  const { t } = useTranslation();
  return (
    <Badge tone={GAME_STATUS_TONE[status] ?? 'neutral'} title={title}>
      {t(`games.status.${status}`)}
    </Badge>
  );
}
