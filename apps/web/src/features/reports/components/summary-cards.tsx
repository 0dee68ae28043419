import type { ReportResponse } from '@cartela/contract';
import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { useFormat } from '@/lib/format';

/**
 * The four figures of product/screens.md#reports over every game the filters match (not only this page). Games
 * count once finished (decision 053): the money and the players are those of the finished games, which the cards
 * and the note under them say, so a list of active or cancelled games beside zero earnings is not a surprise.
 */
export function SummaryCards({ summary }: { summary: ReportResponse['summary'] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const items = [
    {
      key: 'games',
      label: t('reports.summary.totalGames'),
      value: format.number(summary.totalGames),
      hint: t('reports.summary.totalGamesHint', {
        count: summary.countedGames,
        formatted: format.number(summary.countedGames),
      }),
    },
    {
      key: 'earnings',
      label: t('reports.summary.totalEarnings'),
      value: format.etb(summary.totalEarnings),
      hint: t('reports.summary.totalEarningsHint'),
    },
    {
      key: 'players',
      label: t('reports.summary.totalPlayers'),
      value: format.number(summary.totalPlayers),
      hint: t('reports.summary.totalPlayersHint'),
    },
    {
      key: 'average',
      label: t('reports.summary.average'),
      value: format.etb(summary.averageRevenuePerGame),
      hint: t('reports.summary.averageHint'),
    },
  ];
  return (
    <section aria-labelledby="report-summary-title" className="mb-6">
      <h2 id="report-summary-title" className="sr-only">
        {t('reports.summary.title')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {items.map(({ key, label, value, hint }) => (
          <Card key={key} className="min-w-0 p-4 sm:p-5">
            <dt className="text-sm text-ink-muted">{label}</dt>
            <dd className="mt-1 text-base font-bold tracking-tight break-words text-ink tabular-nums sm:text-xl lg:text-2xl">
              {value}
            </dd>
            <dd className="mt-1 text-xs text-ink-muted">{hint}</dd>
          </Card>
        ))}
      </dl>
      <p className="mt-3 flex items-start gap-2 text-sm text-ink-muted">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>{t('reports.summary.note')}</span>
      </p>
    </section>
  );
}
