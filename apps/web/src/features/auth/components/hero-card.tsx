import { clsx } from 'clsx';

// A sample card: five columns of B-I-N-G-O numbers (1-15, 16-30, ...), free centre, a completed diagonal.
const COLUMNS = [
  [3, 11, 7, 14, 1],
  [22, 17, 29, 19, 26],
  [38, 44, 0, 33, 41],
  [52, 47, 59, 56, 49],
  [66, 71, 63, 75, 68],
];
const MARKED = new Set(['0:0', '1:1', '2:2', '3:3', '4:4', '0:3', '3:1', '1:4']);

/** The decoration of the wide sign-in screen: a bingo card with a winning diagonal. */
export function HeroCard() {
  return (
    <div
      aria-hidden="true"
      className="w-full max-w-[16rem] rounded-2xl bg-white/95 p-3 shadow-2xl ring-1 ring-white/40 xl:max-w-[18rem] [@media(max-height:640px)]:hidden [@media(min-height:900px)]:max-w-sm"
    >
      <div className="grid grid-cols-5 gap-1.5">
        {['B', 'I', 'N', 'G', 'O'].map((letter) => (
          <div
            key={letter}
            className="flex h-8 items-center justify-center rounded-md bg-brand-600 text-base font-bold text-white"
          >
            {letter}
          </div>
        ))}
        {[0, 1, 2, 3, 4].map((row) =>
          COLUMNS.map((column, col) => {
            const value = column[row]!;
            const marked = MARKED.has(`${row}:${col}`);
            const winning = row === col;
            return (
              <div
                key={value}
                className={clsx(
                  'flex aspect-square items-center justify-center rounded-md text-base font-semibold tabular-nums',
                  value === 0
                    ? 'bg-coin-500 text-white'
                    : winning
                      ? 'bg-success-600 text-white'
                      : marked
                        ? 'bg-brand-100 text-brand-800'
                        : 'bg-surface-muted text-ink',
                )}
              >
                {value === 0 ? '★' : value}
              </div>
            );
          }),
        )}
      </div>
    </div>
  );
}
