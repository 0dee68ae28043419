import { BINGO_LETTERS, letterOf } from '@cartela/core';
import { useTranslation } from 'react-i18next';
import { ballColour } from './ball';

/** The 75 balls in five B-I-N-G-O rows of 15, the called ones lit, the last one ringed. */
export function DisplayBoard({ called, last }: { called: ReadonlySet<number>; last: number | null }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('roomDisplay.board')} className="grid h-full grid-rows-5 gap-[calc(var(--u)*0.5)]">
      {BINGO_LETTERS.map((letter, row) => (
        <ol
          key={letter}
          aria-label={letter}
          className="grid grid-cols-[repeat(16,minmax(0,1fr))] gap-[calc(var(--u)*0.4)]"
        >
          <li
            aria-hidden
            className={`flex items-center justify-center rounded-[calc(var(--u)*0.6)] font-black text-[calc(var(--u)*3)] ${ballColour(row * 15 + 1)}`}
          >
            {letter}
          </li>
          {Array.from({ length: 15 }, (_, i) => {
            const n = row * 15 + i + 1;
            const on = called.has(n);
            return (
              <li
                key={n}
                data-called={on || undefined}
                aria-label={on ? `${letterOf(n)}-${n} ✓` : `${letterOf(n)}-${n}`}
                className={`flex items-center justify-center rounded-[calc(var(--u)*0.6)] font-bold tabular-nums text-[calc(var(--u)*2.3)] transition-colors duration-500 ${
                  on ? ballColour(n) : 'bg-white/5 text-white/50' /* 5:1, WCAG AA */
                } ${n === last ? 'ring-[calc(var(--u)*0.35)] ring-white ring-inset' : ''}`}
              >
                {n}
              </li>
            );
          })}
        </ol>
      ))}
    </section>
  );
}
