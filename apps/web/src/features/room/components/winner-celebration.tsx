import type { GameState } from '@cartela/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format';
import { prizeShareOf } from '../model/prize-share';
import { CONFETTI_PIECES, WINNER_OVERLAY_MS } from '../utils';

const COLOURS = ['#f59e0b', '#10b981', '#0ea5e9', '#f43f5e', '#8b5cf6', '#facc15', '#ffffff'];

/** A small deterministic scatter (the same on every render of one celebration): no library, no canvas. */
function pieces(seed: number) {
  let x = seed * 9301 + 49297;
  const next = () => {
    x = (x * 9301 + 49297) % 233280;
    return x / 233280;
  };
  return Array.from({ length: CONFETTI_PIECES }, (_, i) => ({
    id: i,
    left: `${next() * 100}%`,
    width: `${0.4 + next() * 0.5}rem`,
    height: `${0.6 + next() * 0.8}rem`,
    colour: COLOURS[i % COLOURS.length]!,
    delay: `${-next() * 3}s`,
    fall: `${2.2 + next() * 2.5}s`,
    drift: `${(next() - 0.5) * 30}vw`,
    spin: `${(next() > 0.5 ? 1 : -1) * (360 + next() * 720)}deg`,
    round: next() > 0.7,
  }));
}

/**
 * The winner celebration (product/screens.md#winner-celebration): 8 seconds, 150 confetti pieces, over the whole
 * room.
 */
export function WinnerCelebration({
  cartelaNumber,
  prize,
  winners = [],
  onDone,
}: {
  cartelaNumber: number;
  prize: number | null;
  /** The game's confirmed winners: several on the same ball split the prize (decision 062). */
  winners?: GameState['winners'];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const share = prize === null ? null : prizeShareOf({ winners }, prize, cartelaNumber);
  const confetti = useMemo(() => pieces(cartelaNumber), [cartelaNumber]);
  // Each winner has its own 8 seconds: a second winner on the same ball restarts the clock (issue 19).
  // biome-ignore lint/correctness/useExhaustiveDependencies: cartelaNumber restarts the timer on purpose
  useEffect(() => {
    const timer = setTimeout(onDone, WINNER_OVERLAY_MS);
    return () => clearTimeout(timer);
  }, [onDone, cartelaNumber]);
  return (
    <div
      className="pointer-events-none fixed inset-0 z-[60] flex items-center justify-center overflow-hidden bg-brand-950/70"
      data-testid="winner-celebration"
    >
      <div aria-hidden="true" className="pointer-events-none absolute inset-0">
        {confetti.map((p) => (
          <span
            key={p.id}
            data-confetti
            className="cartela-confetti"
            style={
              {
                left: p.left,
                width: p.width,
                height: p.height,
                background: p.colour,
                borderRadius: p.round ? '9999px' : '2px',
                '--delay': p.delay,
                '--fall': p.fall,
                '--drift': p.drift,
                '--spin': p.spin,
              } as React.CSSProperties
            }
          />
        ))}
      </div>
      <div role="status" className="relative text-center text-white drop-shadow-lg">
        <p className="text-[clamp(4rem,14vw,16rem)] leading-none font-black tracking-tight text-coin-500">
          {t('room.winner.title')}
        </p>
        <p className="mt-4 text-[clamp(1.5rem,4vw,5rem)] font-bold">
          {t('room.winner.body', { n: cartelaNumber })}
        </p>
        {share !== null && (
          <p className="mt-2 text-[clamp(1.25rem,3vw,4rem)] font-semibold">
            {share.sharedBy > 1
              ? t('room.winner.prizeShared', { amount: format.etb(share.amount), count: share.sharedBy })
              : t('room.winner.prize', { amount: format.etb(share.amount) })}
          </p>
        )}
      </div>
    </div>
  );
}
