import type { Game } from '@cartela/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';

/** What a cancel meant for the money: the coins given back before the first call, none after. */
export function useCancelledText() {
  const { t } = useTranslation();
  return (game: Pick<Game, 'refundedCoins' | 'totalCalls' | 'coinCost'>): string => {
    if (game.refundedCoins > 0) return t('games.history.cancelled.refund', { count: game.refundedCoins });
    if (game.totalCalls === 0) return t('games.history.cancelled.beforeFirst');
    return game.coinCost > 0
      ? t('games.history.cancelled.noRefund', { count: game.totalCalls })
      : t('games.history.cancelled.afterCalls', { count: game.totalCalls });
  };
}

/** A cancelled game's history opens with what happened: its refund (or none) and the agent's reason. */
export function CancelledNotice({
  game,
}: {
  game: Pick<Game, 'status' | 'refundedCoins' | 'totalCalls' | 'coinCost' | 'cancelReason'>;
}) {
  const { t } = useTranslation();
  const text = useCancelledText();
  if (game.status !== 'cancelled') return null;
  return (
    <Alert tone="info" role="status" title={text(game)}>
      <span className="break-words whitespace-pre-line">
        {game.cancelReason
          ? t('games.history.cancelled.reason', { reason: game.cancelReason })
          : t('games.history.cancelled.noReason')}
      </span>
    </Alert>
  );
}
