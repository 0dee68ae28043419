import type { GameState } from '@cartela/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format';
import { winnerShares } from '../../model/prize-share';
import type { RoomView } from '../../model/types';

/**
 * Who won, on the TV (decision 083): the room's Winners panel in display units, each confirmed winner's cartela
 * and its part of the prize (core's prizeShares through `winnerShares`, decision 062), in the order confirmed.
 */
export function DisplayWinners({
  winners,
  prize,
}: {
  winners: GameState['winners'];
  /** The game's prize in ETB; null while the display does not know the game's figures (no amounts then). */
  prize: number | null;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  if (winners.length === 0) return null;
  const shares = prize === null ? null : winnerShares({ winners }, prize);
  const title = t('roomDisplay.winners.title', { count: winners.length });
  return (
    <section
      aria-label={title}
      data-testid="display-winners"
      className="flex flex-wrap items-center justify-center gap-[calc(var(--u)*1)] rounded-[calc(var(--u)*1)] border-[calc(var(--u)*0.15)] border-amber-300/60 bg-amber-300/10 px-[calc(var(--u)*1.5)] py-[calc(var(--u)*0.6)]"
    >
      <h2 className="font-black text-[calc(var(--u)*1.8)] text-amber-300 uppercase tracking-wide">{title}</h2>
      <ul className="flex flex-wrap justify-center gap-[calc(var(--u)*0.8)]">
        {winners.map((w, i) => (
          <li
            key={w.cartelaNumber}
            data-winner={w.cartelaNumber}
            className="rounded-full bg-white/10 px-[calc(var(--u)*1.2)] py-[calc(var(--u)*0.3)] font-bold tabular-nums text-[calc(var(--u)*1.8)]"
          >
            {shares
              ? t('roomDisplay.winners.share', { n: w.cartelaNumber, amount: format.etb(shares[i]!.amount) })
              : t('roomDisplay.winners.cartela', { n: w.cartelaNumber })}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col items-center leading-tight">
      <dt className="text-[calc(var(--u)*1.2)] text-white/60 uppercase tracking-wide">{label}</dt>
      <dd className="font-black tabular-nums text-[calc(var(--u)*4)]">{value}</dd>
    </div>
  );
}

/**
 * The next round before its first call (decision 083): 'Next game' with its stake, prize, players and pattern,
 * and under it the winners of the round before, if any. Over the board, until the first ball.
 */
export function NextGameCard({ view, previous }: { view: RoomView; previous: RoomView | null }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const game = view.game!;
  const key = `roomDisplay.patterns.${game.patternId}`;
  const pattern = i18n.exists(key) ? t(key as 'roomDisplay.title') : game.patternId;
  const before = previous?.state;
  return (
    <div
      data-testid="next-game"
      className="fixed inset-0 z-10 flex flex-col items-center justify-center gap-[calc(var(--u)*2.5)] bg-slate-950/95 p-[calc(var(--u)*3)]"
    >
      <section
        aria-label={t('roomDisplay.nextGame.title')}
        className="flex flex-col items-center gap-[calc(var(--u)*2)] rounded-[calc(var(--u)*2)] border-[calc(var(--u)*0.2)] border-white/20 bg-white/5 px-[calc(var(--u)*5)] py-[calc(var(--u)*3)]"
      >
        <h2 className="font-black text-[calc(var(--u)*6)] leading-none">{t('roomDisplay.nextGame.title')}</h2>
        <dl className="flex flex-wrap items-end justify-center gap-[calc(var(--u)*4)]">
          <Figure label={t('roomDisplay.nextGame.stake')} value={format.etb(game.stake, 0)} />
          <Figure label={t('roomDisplay.prize')} value={format.etb(game.prize, 0)} />
          <Figure label={t('roomDisplay.players')} value={format.number(game.players)} />
          <Figure label={t('roomDisplay.pattern')} value={pattern} />
        </dl>
        <p className="text-[calc(var(--u)*1.6)] text-white/70">{t('roomDisplay.nextGame.soon')}</p>
      </section>
      {before && before.winners.length > 0 && (
        <div className="flex flex-col items-center gap-[calc(var(--u)*0.6)]">
          <p className="text-[calc(var(--u)*1.2)] text-white/60 uppercase tracking-wide">
            {t('roomDisplay.nextGame.lastRound')}
          </p>
          <DisplayWinners winners={before.winners} prize={previous?.game?.prize ?? null} />
        </div>
      )}
    </div>
  );
}
