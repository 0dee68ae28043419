import { BINGO_LETTERS, CENTRE, COLUMN_RANGES } from '@cartela/core';
import { clsx } from 'clsx';
import { Star } from 'lucide-react';
import type { ReactNode } from 'react';

const SIZES = {
  sm: { cell: 'size-9 text-sm', head: 'h-8 text-base', range: 'text-[0.65rem]' },
  md: { cell: 'size-11 text-base sm:size-12 sm:text-lg', head: 'h-10 text-lg', range: 'text-xs' },
  lg: { cell: 'size-12 text-xl sm:size-16 sm:text-2xl', head: 'h-12 text-2xl', range: 'text-xs' },
} as const;

export interface BingoCardProps {
  /** card[row][col], columns B..O, the free centre 0 (packages/core's Card). */
  card: readonly (readonly number[])[];
  /** The free centre's text ('FREE'), in the interface language. */
  freeLabel: string;
  /** The table's accessible name, e.g. 'Cartela 57' (visually hidden). */
  caption: string;
  /** Each column's range under its letter (B 1-15 ...), as the card editor and the card view show them. */
  showRanges?: boolean;
  /** Numbers to mark (called balls in a game room or a history). */
  marked?: ReadonlySet<number>;
  /** A cell that needs attention (the editor's invalid cell). */
  invalidCell?: { row: number; col: number } | null;
  /** Replaces a cell's content (the editor puts an input there); the free centre is never passed. */
  renderCell?: (value: number, row: number, col: number) => ReactNode;
  size?: keyof typeof SIZES;
  className?: string;
}

/**
 * A bingo card: B-I-N-G-O over five columns, the free centre starred. The letters and ranges come from
 * packages/core, so every screen draws the card the server validates.
 */
export function BingoCard({
  card,
  freeLabel,
  caption,
  showRanges = false,
  marked,
  invalidCell,
  renderCell,
  size = 'md',
  className,
}: BingoCardProps) {
  const s = SIZES[size];
  return (
    <table
      className={clsx(
        'border-separate border-spacing-1 rounded-xl bg-brand-50 p-1 tabular-nums ring-1 ring-brand-200',
        className,
      )}
    >
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {COLUMN_RANGES.map(({ letter, min, max }) => (
            <th
              key={letter}
              scope="col"
              className={clsx('rounded-lg bg-brand-600 px-1 font-extrabold text-white', s.head)}
            >
              <span className="block leading-none">{letter}</span>
              {showRanges && (
                <span className={clsx('mt-0.5 block leading-none font-medium text-brand-100', s.range)}>
                  {min}-{max}
                </span>
              )}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {card.map((row, r) => (
          <tr key={BINGO_LETTERS[r]}>
            {row.map((value, c) => {
              const free = r === CENTRE && c === CENTRE;
              const invalid = invalidCell?.row === r && invalidCell.col === c;
              return (
                <td
                  key={BINGO_LETTERS[c]}
                  className={clsx(
                    'rounded-lg text-center align-middle font-bold',
                    s.cell,
                    free
                      ? 'bg-coin-500 text-ink' /* the FREE label is small: 4.5:1 needs dark ink on gold */
                      : marked?.has(value)
                        ? 'bg-success-600 text-white'
                        : 'bg-surface text-ink',
                    invalid && 'ring-3 ring-danger-600',
                  )}
                >
                  {free ? (
                    <span className="flex flex-col items-center justify-center gap-0.5 leading-none">
                      <Star className="size-4 fill-current" aria-hidden="true" />
                      <span className="text-[0.6rem] font-bold tracking-wide uppercase">{freeLabel}</span>
                    </span>
                  ) : renderCell ? (
                    renderCell(value, r, c)
                  ) : (
                    value
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
