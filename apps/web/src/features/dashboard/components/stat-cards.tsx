import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { Card } from '@/components/ui/card';

export interface StatItem {
  label: string;
  value: string;
  hint?: string | undefined;
  icon: LucideIcon;
  /** The icon's colours. */
  tone?: 'brand' | 'success' | 'coin' | 'warning';
}

const TONES = {
  brand: 'bg-brand-50 text-brand-600',
  success: 'bg-success-50 text-success-700',
  coin: 'bg-coin-50 text-coin-800',
  warning: 'bg-warning-50 text-warning-800',
} as const;

/**
 * 'ETB 145,210.75' is too wide for half a phone: let it break after the currency (the formatter joins them
 * with a no-break space) rather than inside the figure.
 */
export const breakable = (text: string) => text.replace(/\u00a0/g, ' ');

/**
 * Figures as labelled cards, two to a row on a phone and up to four on a laptop. A description list, so a
 * screen reader reads each label with its figure.
 */
export function StatCards({ title, items }: { title: string; items: readonly StatItem[] }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="sr-only">
        {title}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {items.map(({ label, value, hint, icon: Icon, tone = 'brand' }) => (
          <Card key={label} className="flex min-w-0 flex-col p-3 sm:p-5">
            {/* The card is the list's group: its term and descriptions are its direct children (WCAG's dl rule). */}
            <dt className="flex items-start justify-between gap-2 text-sm leading-snug text-ink-muted">
              {label}
              <span
                className={clsx(
                  'hidden size-9 shrink-0 items-center justify-center rounded-lg min-[400px]:flex',
                  TONES[tone],
                )}
              >
                <Icon className="size-4" aria-hidden="true" />
              </span>
            </dt>
            <dd className="mt-1 text-lg font-bold tracking-tight [overflow-wrap:break-word] text-ink tabular-nums sm:text-2xl">
              {breakable(value)}
            </dd>
            {hint && <dd className="mt-1 text-xs text-ink-muted">{hint}</dd>}
          </Card>
        ))}
      </dl>
    </section>
  );
}

/** The cards' shape while the figures load (the spinner beside it says what is loading). */
export function StatCardsSkeleton({ count = 4 }: { count?: number }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <Card key={i} className="space-y-3 p-3 sm:p-5">
          <div className="h-4 w-2/3 animate-pulse rounded bg-surface-muted" />
          <div className="h-7 w-1/2 animate-pulse rounded bg-line" />
        </Card>
      ))}
    </div>
  );
}
