import { StatsPeriod } from '@cartela/contract';
import { clsx } from 'clsx';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCommissionSummary } from '@/api/commission';
import { Amount } from '@/components/amount';
import { QueryState } from '@/components/load-state';
import { Card } from '@/components/ui/card';
import { Options, Select } from '@/components/ui/select';
import { useFormat } from '@/lib/format';
import { useLoadFailureToast } from '../utils/load-failure';

/**
 * The summary cards (product/money.md#daily-commission-payments): over the payments dated in the period (default
 * this week), what they settle, the admin's commission, the agents' part, and what is pending and paid.
 */
export function SummarySection() {
  const { t } = useTranslation();
  const format = useFormat();
  const headingId = useId();
  const periodId = useId();
  const [period, setPeriod] = useState<StatsPeriod>('week');
  const summary = useCommissionSummary(period);
  useLoadFailureToast(summary.error, summary.errorUpdatedAt);
  const data = summary.data;
  const count = (n: number) => t('commission.summary.count', { count: n });

  const cards = data
    ? [
        {
          label: t('commission.summary.totalEarnings'),
          value: <Amount text={format.etb(data.summary.totalEarnings)} />,
          hint: t('commission.summary.totalEarningsHint'),
        },
        {
          label: t('commission.summary.adminCommission'),
          value: <Amount text={format.etb(data.summary.totalAdminCommission)} />,
          hint: t('commission.summary.adminCommissionHint'),
        },
        {
          label: t('commission.summary.agentPayments'),
          value: <Amount text={format.etb(data.summary.totalAgentPayments)} />,
          hint: t('commission.summary.agentPaymentsHint'),
        },
        {
          label: t('commission.summary.pending'),
          value: <Amount text={format.etb(data.summary.pendingPayments)} />,
          hint: count(data.summary.pendingCount),
          tone: 'text-warning-800',
        },
        {
          label: t('commission.summary.paid'),
          value: <Amount text={format.etb(data.summary.paidPayments)} />,
          hint: count(data.summary.paidCount),
          tone: 'text-success-700',
        },
      ]
    : [];

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-ink">
            {t('commission.summary.title')}
          </h2>
          {data && (
            <p className="text-sm text-ink-muted">
              {t('commission.summary.range', {
                from: format.date(data.from),
                to: format.date(data.to),
              })}
            </p>
          )}
        </div>
        <div className="flex w-full items-center gap-2 sm:w-auto">
          <label htmlFor={periodId} className="text-sm font-medium text-ink">
            {t('commission.summary.period')}
          </label>
          <Select
            id={periodId}
            value={period}
            onChange={(event) => setPeriod(StatsPeriod.parse(event.target.value))}
            className="sm:w-44"
          >
            <Options items={StatsPeriod.options} text={(value) => t(`commission.periods.${value}`)} />
          </Select>
        </div>
      </div>

      <QueryState
        query={summary}
        loading={t('commission.summary.loading')}
        failed={t('commission.loadFailed')}
      />
      {data && (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-5">
          {cards.map(({ label, value, hint, tone }, index) => (
            <Card
              key={label}
              className={index === 0 ? 'col-span-2 min-w-0 p-4 sm:col-span-1 sm:p-5' : 'min-w-0 p-4 sm:p-5'}
            >
              <dt className="text-sm text-ink-muted">{label}</dt>
              <dd
                className={clsx(
                  'mt-1 text-xl font-bold tracking-tight break-words tabular-nums sm:text-2xl xl:text-xl 2xl:text-2xl',
                  tone ?? 'text-ink',
                )}
              >
                {value}
              </dd>
              <dd className="mt-1 text-xs text-ink-muted">{hint}</dd>
            </Card>
          ))}
        </dl>
      )}
    </section>
  );
}
