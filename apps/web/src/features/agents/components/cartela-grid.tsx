import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';

export interface CartelaGridProps {
  numbers: readonly number[];
  onOpen: (n: number) => void;
  /** Numbers shown greyed out (a system cartela switched off). */
  inactive?: ReadonlySet<number>;
  className?: string;
}

/** The cartela numbers as buttons; one opens that card. */
export function CartelaGrid({ numbers, onOpen, inactive, className }: CartelaGridProps) {
  const { t } = useTranslation();
  return (
    <ul
      className={clsx('grid grid-cols-[repeat(auto-fill,minmax(3.25rem,1fr))] gap-2', className)}
      aria-label={t('agents.cartelas.gridLabel')}
    >
      {numbers.map((n) => (
        <li key={n}>
          <button
            type="button"
            onClick={() => onOpen(n)}
            aria-label={t('agents.cartelas.open', { n })}
            className={clsx(
              'flex h-11 w-full items-center justify-center rounded-lg border text-base font-semibold tabular-nums transition-colors',
              inactive?.has(n)
                ? 'border-dashed border-line-strong bg-surface-muted text-ink-subtle'
                : 'border-line bg-surface text-ink shadow-xs hover:border-brand-300 hover:bg-brand-50 hover:text-brand-700',
            )}
          >
            {n}
          </button>
        </li>
      ))}
    </ul>
  );
}
