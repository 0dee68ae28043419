import type { GameStatus } from '@cartela/contract';
import { useTranslation } from 'react-i18next';
import { Badge, GAME_STATUS_TONE } from '@/components/ui/badge';

/** A game's status in the spec's colours: active green, finished red, cancelled grey, paused yellow. */
export function StatusBadge({ status }: { status: GameStatus }) {
  const { t } = useTranslation();
  return <Badge tone={GAME_STATUS_TONE[status] ?? 'neutral'}>{t(`reports.status.${status}`)}</Badge>;
}
