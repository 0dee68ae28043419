import { clsx } from 'clsx';
import { CalendarDays, TrendingUp } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { breakable } from './stat-cards';

export interface DayTile {
  key: string;
  /** The weekday, in full. */
  name: string;
  /** Its date, short ('Nov 17'). */
  date?: string | undefined;
  /** The amount, ETB with no decimals. */
  amount: string;
  today?: boolean;
}

export interface SevenDayOverviewProps {
  title: string;
  description: string;
  tiles: readonly DayTile[];
  /** All seven are zero: the two lines below replace the tiles. */
  empty: boolean;
  emptyTitle: string;
  emptyBody: string;
}

/** A tile per day of the last seven, two to a row on a phone, all seven in a row on a laptop. */
export function SevenDayOverview({
  title,
  description,
  tiles,
  empty,
  emptyTitle,
  emptyBody,
}: SevenDayOverviewProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="flex flex-row items-start gap-3 space-y-0">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
          <CalendarDays className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 space-y-1">
          <CardTitle id={titleId}>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        {empty ? (
          <div className="flex flex-col items-center rounded-lg border border-dashed border-line-strong px-4 py-8 text-center">
            <TrendingUp className="mb-3 size-8 text-ink-subtle" aria-hidden="true" />
            <p className="font-semibold text-ink">{emptyTitle}</p>
            <p className="mt-1 text-sm text-ink-muted">{emptyBody}</p>
          </div>
        ) : (
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-3 lg:grid-cols-7">
            {tiles.map((tile) => (
              <li
                key={tile.key}
                className={clsx(
                  'flex min-w-0 flex-col rounded-lg border px-3 py-2.5',
                  tile.today ? 'border-brand-300 bg-brand-50' : 'border-line bg-surface-muted/60',
                )}
              >
                <span className="flex items-center justify-between gap-1 text-sm font-medium text-ink">
                  <span className="truncate">{tile.name}</span>
                  {tile.today && (
                    <span className="shrink-0 text-xs font-semibold text-brand-700">
                      {t('dashboard.today')}
                    </span>
                  )}
                </span>
                {tile.date && <span className="text-xs text-ink-muted">{tile.date}</span>}
                <span className="mt-1 text-base font-bold [overflow-wrap:break-word] text-ink tabular-nums">
                  {breakable(tile.amount)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** The overview's place while the figures load. */
export function SevenDaySkeleton() {
  return (
    <Card className="p-5 sm:p-6" aria-hidden="true">
      <div className="mb-4 h-5 w-48 animate-pulse rounded bg-line" />
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-3 lg:grid-cols-7">
        {Array.from({ length: 7 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <div key={i} className="h-18 animate-pulse rounded-lg bg-surface-muted" />
        ))}
      </div>
    </Card>
  );
}
