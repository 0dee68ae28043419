import { ballLabel, letterOf } from '@cartela/core';

/** A ball's colours by its column (B 1-15, I 16-30, N 31-45, G 46-60, O 61-75), for a dark hall screen. */
const COLOURS = {
  B: 'bg-sky-500 text-white',
  I: 'bg-rose-500 text-white',
  N: 'bg-violet-500 text-white',
  G: 'bg-emerald-500 text-white',
  O: 'bg-amber-400 text-amber-950',
} as const;

export const ballColour = (n: number): string => COLOURS[letterOf(n)];

/** A round ball: its letter over its number; `size` in display units (--u). */
export function Ball({ n, size, className = '' }: { n: number; size: number; className?: string }) {
  return (
    <span
      role="img"
      aria-label={ballLabel(n)}
      className={`flex shrink-0 flex-col items-center justify-center rounded-full font-black leading-none shadow-[inset_0_calc(var(--u)*-0.4)_0_rgb(0_0_0/0.25)] ${ballColour(n)} ${className}`}
      style={{ width: `calc(var(--u) * ${size})`, height: `calc(var(--u) * ${size})` }}
    >
      <span aria-hidden="true" style={{ fontSize: `calc(var(--u) * ${size * 0.2})` }}>
        {letterOf(n)}
      </span>
      <span
        aria-hidden="true"
        className="tabular-nums"
        style={{ fontSize: `calc(var(--u) * ${size * 0.45})` }}
      >
        {n}
      </span>
    </span>
  );
}
