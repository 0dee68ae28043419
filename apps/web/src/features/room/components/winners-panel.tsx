import type { GameState } from '@cartela/core';
import { Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format';
import { winnerShares } from '../model/prize-share';

/**
 * Who won, after the 8 s celebration and until the next round (decision 085): each confirmed winner's cartela and
 * its part of the prize (core's prizeShares, decision 062), as long as this game's room is open. One line under
 * the board, so the controls keep their place above the fold.
 */
export function WinnersPanel({
  winners,
  prize,
}: {
  winners: GameState['winners'];
  /** The game's prize in ETB; null while the room does not know the game's figures (no amounts then). */
  prize: number | null;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  if (winners.length === 0) return null;
  const shares = prize === null ? null : winnerShares({ winners }, prize);
  const title = t('room.winners.title', { count: winners.length });
  return (
    <section
      aria-label={title}
      className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-coin-500/50 bg-coin-50 px-4 py-2.5 text-coin-800"
    >
      <h2 className="flex items-center gap-2 text-sm font-bold">
        <Trophy className="size-4 shrink-0" aria-hidden="true" />
        {title}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {winners.map((w, i) => (
          <li
            key={w.cartelaNumber}
            data-winner={w.cartelaNumber}
            className="rounded-full bg-surface px-3 py-0.5 text-sm font-semibold text-ink ring-1 ring-coin-500/40 ring-inset tabular-nums"
          >
            {shares
              ? t('room.winners.share', { n: w.cartelaNumber, amount: format.etb(shares[i]!.amount) })
              : t('room.winners.cartela', { n: w.cartelaNumber })}
          </li>
        ))}
      </ul>
      {shares && winners.length > 1 && (
        <p className="text-sm">
          {t('room.winners.shared', { amount: format.etb(prize!), count: winners.length })}
        </p>
      )}
    </section>
  );
}

/**
 * The header's prize badge (product/screens.md#room-header): the game's prize, and after a tie what each winner
 * takes ('Prize ETB 240.00 · 2 winners, ETB 120.00 each'; shares that differ by the odd santim are listed).
 */
export function usePrizeText() {
  const { t } = useTranslation();
  const format = useFormat();
  return (prize: number, winners: GameState['winners']): string => {
    const amount = format.etb(prize);
    if (winners.length < 2) return t('room.prize', { amount });
    const shares = winnerShares({ winners }, prize).map((s) => s.amount);
    const count = winners.length;
    return shares.every((s) => s === shares[0])
      ? t('room.prizeShared', { amount, count, share: format.etb(shares[0]!) })
      : t('room.prizeSharedUneven', { amount, count, shares: shares.map((s) => format.etb(s)).join(' / ') });
  };
}
