import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Amount } from '@/components/amount';
import { Card } from '@/components/ui/card';

export interface Figure {
  label: string;
  /** A text is shown as an amount: it wraps between the currency and the number only. */
  value: ReactNode;
  hint?: ReactNode;
}

/**
 * A row of figures as cards, named for screen readers by `title` (a list of terms and values). `columns` are
 * the grid's column classes (three from sm by default).
 */
export function FigureCards({
  title,
  figures,
  columns = 'grid-cols-1 sm:grid-cols-3',
  compact = false,
}: {
  title: string;
  figures: readonly Figure[];
  columns?: string;
  /** Smaller figures, for a row of many (the period's totals beside a table). */
  compact?: boolean;
}) {
  return (
    <section aria-label={title}>
      <dl className={clsx('grid gap-3 sm:gap-4', columns)}>
        {figures.map(({ label, value, hint }) => (
          <Card key={label} className="min-w-0 p-4 sm:p-5">
            <dt className="text-sm text-ink-muted">{label}</dt>
            <dd
              className={clsx(
                'mt-1 font-bold tracking-tight break-words text-ink tabular-nums',
                compact ? 'text-lg' : 'text-xl sm:text-2xl',
              )}
            >
              {typeof value === 'string' ? <Amount text={value} /> : value}
            </dd>
            {hint && <dd className="mt-1 text-xs text-ink-muted">{hint}</dd>}
          </Card>
        ))}
      </dl>
    </section>
  );
}
