import { ballLabel, letterOf } from '@cartela/core';
import { ballColour } from '@/lib/ball-colours';

/** A ball's colours by its column: the room's own map (lib/ball-colours.ts), so the TV and the room agree. */
export { ballColour };

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
