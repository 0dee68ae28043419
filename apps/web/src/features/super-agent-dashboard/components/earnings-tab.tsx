import { EarningsPeriod, type SuperAgentEarningsResponse } from '@cartela/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Wallet } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/load-state';
import { amountColumn, DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { Label } from '@/components/ui/label';
import { Options, Select } from '@/components/ui/select';
import { StatusBadge } from '@/components/ui/status-badge';
import { useFormat } from '@/lib/format';
import { FigureCards } from './figure-cards';

type Earning = SuperAgentEarningsResponse['payments'][number];

export interface EarningsTabProps {
  period: EarningsPeriod;
  onPeriod: (period: EarningsPeriod) => void;
  earnings: UseQueryResult<SuperAgentEarningsResponse>;
}

/**
 * Earnings (product/screens.md#earnings-tab, decision 053 section 5): Last Week / Month / Year, the period's
 * totals, and one row per earning, each figure named for what it is (decision 066; the spec's names in brackets):
 * Date = businessDate, Base = baseAmount (the spec's Total Earnings: what the agent paid for coins, or its fees),
 * Your Share (Gross) = superAgentShare (Agent Share), Platform Share = platformShare, Your Net Earnings =
 * superAgentNetEarnings (Your Share; the Overview's figure of the same name), Status. Left to right: the gross
 * share less the platform's is the net.
 */
export function EarningsTab({ period, onPeriod, earnings }: EarningsTabProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const periodId = useId();
  const figure = (key: 'base' | 'grossShare' | 'platformShare' | 'net') =>
    t(`superAgentDashboard.figures.${key}`);
  const data = earnings.data;

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="w-full space-y-1.5 sm:w-56">
          <Label htmlFor={periodId}>{t('superAgentDashboard.earnings.period')}</Label>
          <Select
            id={periodId}
            value={period}
            onChange={(event) => onPeriod(EarningsPeriod.parse(event.target.value))}
          >
            <Options
              items={EarningsPeriod.options}
              text={(value) => t(`superAgentDashboard.earnings.periods.${value}`)}
            />
          </Select>
        </div>
        {data && (
          <p className="text-sm text-ink-muted">
            {t('superAgentDashboard.earnings.range', {
              from: format.date(data.from),
              to: format.date(data.to),
            })}
          </p>
        )}
      </div>

      <QueryState
        query={earnings}
        loading={t('superAgentDashboard.earnings.loading')}
        failed={t('superAgentDashboard.earnings.loadFailed')}
      />
      {data && data.payments.length === 0 && (
        <EmptyState
          icon={Wallet}
          title={t('superAgentDashboard.earnings.empty')}
          description={t('superAgentDashboard.earnings.emptyBody')}
        />
      )}
      {data && data.payments.length > 0 && (
        <>
          <FigureCards
            title={t('superAgentDashboard.earnings.totals')}
            columns="grid-cols-2 sm:grid-cols-3 xl:grid-cols-6"
            compact
            figures={[
              {
                label: figure('base'),
                value: format.etb(data.totals.baseAmount),
                hint: t('superAgentDashboard.figures.baseHint'),
              },
              { label: figure('grossShare'), value: format.etb(data.totals.superAgentShare) },
              { label: figure('platformShare'), value: format.etb(data.totals.platformShare) },
              { label: figure('net'), value: format.etb(data.totals.superAgentNetEarnings) },
              { label: t('superAgentDashboard.earnings.pending'), value: format.etb(data.totals.pending) },
              { label: t('superAgentDashboard.earnings.paid'), value: format.etb(data.totals.paid) },
            ]}
          />
          <DataTable
            caption={t('superAgentDashboard.earnings.caption')}
            rows={data.payments}
            rowKey={(earning) => earning.id}
            columns={[
              {
                name: t('superAgentDashboard.earnings.date'),
                part: 'title',
                cell: (earning) => (
                  <div className="min-w-0">
                    <p className="font-semibold whitespace-nowrap text-ink">
                      {format.date(earning.businessDate)}
                    </p>
                    <p className="text-xs text-ink-muted">
                      {t(`superAgentDashboard.earnings.types.${earning.paymentType}`, {
                        agent: earning.agentUsername,
                      })}
                    </p>
                  </div>
                ),
              },
              amountColumn<Earning>(figure('base'), (earning) => format.etb(earning.baseAmount)),
              amountColumn<Earning>(figure('grossShare'), (earning) => format.etb(earning.superAgentShare)),
              amountColumn<Earning>(figure('platformShare'), (earning) => format.etb(earning.platformShare)),
              amountColumn<Earning>(
                figure('net'),
                (earning) => format.etb(earning.superAgentNetEarnings),
                true,
              ),
              {
                name: t('superAgentDashboard.earnings.status'),
                cell: (earning) => (
                  <StatusBadge kind="payment" texts="superAgentDashboard.status" status={earning.status} />
                ),
              },
            ]}
          />
        </>
      )}
    </div>
  );
}
