import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Disclosure } from '@/components/ui/disclosure';
import { Spinner } from '@/components/ui/spinner';

export interface ChartCardProps {
  title: string;
  description: string;
  /** The chart (a lazy component: Recharts arrives after the page). */
  chart: ReactNode;
  /** Its height, kept while the chart loads so the page does not jump. */
  height: number;
  /** The same figures as a table, for screen readers and anyone who wants the exact numbers. */
  table: ReactNode;
  /** Nothing to draw: says so instead. */
  empty?: boolean;
  /** What is said when empty (default: 'No figures yet.'). */
  emptyText?: string;
  className?: string;
}

/**
 * A chart with its title, and its figures as a table under a disclosure (the balance manager, the dashboards).
 * The chart is a named picture; the table gives screen readers and anyone who wants them the exact numbers.
 */
export function ChartCard({
  title,
  description,
  chart,
  height,
  table,
  empty,
  emptyText,
  className,
}: ChartCardProps) {
  const { t } = useTranslation();
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {empty ? (
          <p className="py-8 text-center text-sm text-ink-muted">{emptyText ?? t('common.charts.noData')}</p>
        ) : (
          <>
            {/* A picture with a name; the table below gives its figures to screen readers. */}
            <div
              role="img"
              aria-label={t('common.charts.chartLabel', { title })}
              style={{ minHeight: height }}
            >
              <Suspense
                fallback={
                  <div className="flex items-center justify-center text-ink-muted" style={{ height }}>
                    <Spinner size="md" className="text-brand-600" />
                    <span className="sr-only">{t('common.charts.loading')}</span>
                  </div>
                }
              >
                {chart}
              </Suspense>
            </div>
            <Disclosure summary={t('common.charts.showTable')} contentClassName="max-h-80 overflow-y-auto">
              {table}
            </Disclosure>
          </>
        )}
      </CardContent>
    </Card>
  );
}

export interface FigureTableProps {
  caption: string;
  columns: readonly string[];
  rows: readonly (readonly ReactNode[])[];
}

/** A small table of figures: the first column names the row (a day), the others are numbers. */
export function FigureTable({ caption, columns, rows }: FigureTableProps) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-left text-xs text-ink-muted">
          {columns.map((column, i) => (
            <th
              key={column}
              scope="col"
              className={i === 0 ? 'px-3 py-2 font-semibold' : 'px-3 py-2 text-right font-semibold'}
            >
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-line">
        {rows.map(([name, ...cells], index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows are a fixed, ordered list of days
          <tr key={index}>
            <th scope="row" className="px-3 py-2 text-left font-medium whitespace-nowrap text-ink">
              {name}
            </th>
            {cells.map((cell, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns have no other identity
              <td key={i} className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
