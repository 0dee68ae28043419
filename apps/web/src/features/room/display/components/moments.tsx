import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** product/screens.md#winner-celebration: the winner overlay has 150 confetti pieces. */
export const CONFETTI_PIECES = 150;
const CONFETTI_COLOURS = ['#fbbf24', '#f43f5e', '#38bdf8', '#34d399', '#a78bfa', '#ffffff'];

// The display's animations, kept in its chunk rather than in the app's stylesheet (RoomDisplay renders them).
export const KEYFRAMES = `
@keyframes display-confetti-fall {
  from { transform: translate3d(0, -10vh, 0) rotate(0deg); }
  to { transform: translate3d(var(--drift), 110vh, 0) rotate(var(--spin)); }
}
@keyframes display-pop { from { transform: scale(0.6); opacity: 0; } to { transform: scale(1); opacity: 1; } }
`;

/** One confetti piece: pure CSS, no library and no canvas; a seeded spread, so renders are stable. */
function pieces() {
  let seed = 7;
  const next = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  return Array.from({ length: CONFETTI_PIECES }, (_, i) => ({
    id: i,
    left: `${next() * 100}%`,
    width: `calc(var(--u) * ${0.5 + next() * 0.6})`,
    height: `calc(var(--u) * ${0.8 + next() * 0.8})`,
    background: CONFETTI_COLOURS[i % CONFETTI_COLOURS.length],
    delay: `${next() * 2.5}s`,
    duration: `${2.8 + next() * 2.4}s`,
    drift: `${(next() - 0.5) * 30}vw`,
    spin: `${(next() - 0.5) * 1440}deg`,
  }));
}

/** The 150 falling confetti pieces (hidden for people who asked for less motion). */
export function Confetti() {
  const confetti = useMemo(pieces, []);
  return (
    <div
      aria-hidden
      data-testid="confetti"
      className="pointer-events-none absolute inset-0 motion-reduce:hidden"
    >
      {confetti.map((p) => (
        <span
          key={p.id}
          className="absolute top-0 rounded-[2px]"
          style={
            {
              left: p.left,
              width: p.width,
              height: p.height,
              background: p.background,
              '--drift': p.drift,
              '--spin': p.spin,
              animation: `display-confetti-fall ${p.duration} linear ${p.delay} infinite both`,
            } as React.CSSProperties
          }
        />
      ))}
    </div>
  );
}

/** The winner celebration: BINGO!, the winning cartela and 150 confetti pieces (shown 8 s by the page). */
export function Celebration({ cartelaNumber }: { cartelaNumber: number }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="fixed inset-0 z-20 flex flex-col items-center justify-center overflow-hidden bg-black/70"
    >
      <Confetti />
      <p
        className="font-black text-[calc(var(--u)*14)] text-amber-300 leading-none drop-shadow-[0_0.1em_0.2em_rgb(0_0_0/0.6)]"
        style={{ animation: 'display-pop 400ms ease-out both' }}
      >
        {t('roomDisplay.winner')}
      </p>
      <p className="mt-[calc(var(--u)*2)] font-bold text-[calc(var(--u)*5)] text-white">
        {t('roomDisplay.winnerCartela', { n: cartelaNumber })}
      </p>
    </div>
  );
}

/** 'Cartela blocked' over the board, as the room blocks a false or late claim. */
export function Blocked({ cartelaNumber }: { cartelaNumber: number }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="fixed inset-0 z-20 flex items-center justify-center bg-black/60">
      <div
        className="rounded-[calc(var(--u)*2)] border-[calc(var(--u)*0.4)] border-white bg-red-600 px-[calc(var(--u)*6)] py-[calc(var(--u)*3)] text-center text-white shadow-2xl"
        style={{ animation: 'display-pop 300ms ease-out both' }}
      >
        <p className="font-black text-[calc(var(--u)*8)] leading-none">{t('roomDisplay.blocked')}</p>
        <p className="mt-[calc(var(--u)*1.5)] font-bold text-[calc(var(--u)*4)]">
          {t('roomDisplay.blockedCartela', { n: cartelaNumber })}
        </p>
      </div>
    </div>
  );
}

/**
 * 'Claim! Checking...' the moment the agent raises a claim (B, V or Validate: decision 083), before any cartela is
 * open; the cartela being checked or a verdict replaces it.
 */
export function ClaimRaised() {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      data-testid="claim-raised"
      className="fixed inset-0 z-20 flex flex-col items-center justify-center bg-black/70"
    >
      <p
        className="font-black text-[calc(var(--u)*14)] text-amber-300 leading-none"
        style={{ animation: 'display-pop 300ms ease-out both' }}
      >
        {t('roomDisplay.claimRaised')}
      </p>
      <p className="mt-[calc(var(--u)*2)] font-bold text-[calc(var(--u)*5)] text-white">
        {t('roomDisplay.claim.checkingNow')}
      </p>
    </div>
  );
}
