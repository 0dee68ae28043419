import type { BalanceStatsResponse } from '@cartela/contract';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Card } from '@/components/ui/card';
import { useFormat } from '@/lib/format';

type Stats = z.infer<typeof BalanceStatsResponse>['balanceStats'];

/** The five figures of the set: how many cards, and the spread of their balance scores. */
export function StatsCards({ stats }: { stats: Stats }) {
  const { t } = useTranslation();
  const format = useFormat();
  const score = (value: number) => format.number(value, 3);
  const items = [
    { label: t('balance.stats.total'), value: format.number(stats.totalCartelas) },
    {
      label: t('balance.stats.average'),
      value: score(stats.avgBalanceScore),
      hint: t('balance.stats.averageHint'),
    },
    { label: t('balance.stats.min'), value: score(stats.minBalanceScore) },
    { label: t('balance.stats.max'), value: score(stats.maxBalanceScore) },
    {
      label: t('balance.stats.stdDev'),
      value: score(stats.stdDevBalanceScore),
      hint: t('balance.stats.stdDevHint'),
    },
  ];
  return (
    <section aria-labelledby="balance-stats-title">
      <h2 id="balance-stats-title" className="sr-only">
        {t('balance.stats.title')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-5">
        {items.map(({ label, value, hint }, index) => (
          <Card key={label} className={index === 0 ? 'col-span-2 p-4 sm:col-span-1 sm:p-5' : 'p-4 sm:p-5'}>
            <dt className="text-sm text-ink-muted">{label}</dt>
            <dd className="mt-1 text-2xl font-bold tracking-tight text-ink tabular-nums sm:text-3xl">
              {value}
            </dd>
            {hint && <dd className="mt-1 text-xs text-ink-muted">{hint}</dd>}
          </Card>
        ))}
      </dl>
    </section>
  );
}
