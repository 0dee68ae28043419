import { BINGO_LETTERS, COLUMN_RANGES } from '@cartela/core';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { BALL_COLOURS } from '../utils';

export interface NumberBoardProps {
  called: readonly number[];
  /** The ball to glow for 1.5 s (null once it has). */
  highlight: number | null;
  /** The 3 s flicker of a shuffle. */
  flicker: boolean;
}

/**
 * The five B-I-N-G-O rows of 15 numbers, the called ones lit (product/screens.md#board-and-calls). Sized in vw
 * (room.css) so a phone and a hall TV both show all 75 at once.
 */
export function NumberBoard({ called, highlight, flicker }: NumberBoardProps) {
  const { t } = useTranslation();
  const calledSet = new Set(called);
  return (
    <section
      aria-label={t('room.board')}
      className={clsx(
        'cartela-board rounded-2xl bg-brand-950 p-[0.4em] shadow-card',
        flicker && 'cartela-flicker',
      )}
      data-flicker={flicker || undefined}
    >
      <div className="grid grid-cols-[auto_repeat(15,minmax(0,1fr))] gap-[0.25em]">
        {COLUMN_RANGES.map(({ letter, min }, row) => (
          <div key={letter} className="contents">
            <div
              className={clsx(
                'flex aspect-square items-center justify-center rounded-[0.4em] px-[0.2em] font-black',
                BALL_COLOURS[BINGO_LETTERS[row]!],
              )}
            >
              {letter}
            </div>
            {Array.from({ length: 15 }, (_, i) => {
              const n = min + i;
              const isCalled = calledSet.has(n);
              return (
                <div
                  key={n}
                  data-number={n}
                  data-called={isCalled || undefined}
                  className={clsx(
                    'flex aspect-square items-center justify-center rounded-[0.4em] font-bold tabular-nums',
                    isCalled ? 'bg-coin-500 text-brand-950' : 'bg-brand-900 text-brand-300/70',
                    highlight === n && 'cartela-highlight',
                  )}
                >
                  <span className="sr-only">{letter}-</span>
                  {n}
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </section>
  );
}
