import { EarningsPeriod, type SuperAgentEarningsResponse } from '@cartela/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Wallet } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, Loading } from '@/components/load-state';
import { EmptyState } from '@/components/ui/empty-state';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@/components/ui/table';
import { useFormat } from '@/lib/format';
import { businessDay } from '../utils/display';
import { FigureCards } from './figure-cards';
import { EarningStatusBadge } from './status-badge';

export interface EarningsTabProps {
  period: EarningsPeriod;
  onPeriod: (period: EarningsPeriod) => void;
  earnings: UseQueryResult<SuperAgentEarningsResponse>;
}

type Column = 'date' | 'totalEarnings' | 'agentShare' | 'yourShare' | 'platformShare' | 'status';

/**
 * Earnings (spec 01 section 2, decision 053 section 5): Last Week / Month / Year, the period's totals, and
 * one row per earning: Date = businessDate, Total Earnings = baseAmount, Agent Share = superAgentShare,
 * Your Share = superAgentNetEarnings, Platform Share = platformShare, Status.
 */
export function EarningsTab({ period, onPeriod, earnings }: EarningsTabProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const periodId = useId();
  const col = (key: Column) => t(`superAgentDashboard.earnings.${key}`);
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
            {EarningsPeriod.options.map((value) => (
              <option key={value} value={value}>
                {t(`superAgentDashboard.earnings.periods.${value}`)}
              </option>
            ))}
          </Select>
        </div>
        {data && (
          <p className="text-sm text-ink-muted">
            {t('superAgentDashboard.earnings.range', {
              from: format.date(businessDay(data.from)),
              to: format.date(businessDay(data.to)),
            })}
          </p>
        )}
      </div>

      {earnings.isPending && <Loading label={t('superAgentDashboard.earnings.loading')} />}
      {earnings.isError && (
        <LoadError
          title={t('superAgentDashboard.earnings.loadFailed')}
          error={earnings.error}
          onRetry={() => void earnings.refetch()}
          retrying={earnings.isFetching}
        />
      )}
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
              { label: col('totalEarnings'), value: format.etb(data.totals.baseAmount) },
              { label: col('agentShare'), value: format.etb(data.totals.superAgentShare) },
              { label: col('yourShare'), value: format.etb(data.totals.superAgentNetEarnings) },
              { label: col('platformShare'), value: format.etb(data.totals.platformShare) },
              { label: t('superAgentDashboard.earnings.pending'), value: format.etb(data.totals.pending) },
              { label: t('superAgentDashboard.earnings.paid'), value: format.etb(data.totals.paid) },
            ]}
          />
          <Table caption={t('superAgentDashboard.earnings.caption')}>
            <TableHead>
              <tr>
                <TableHeaderCell>{col('date')}</TableHeaderCell>
                <TableHeaderCell className="text-right">{col('totalEarnings')}</TableHeaderCell>
                <TableHeaderCell className="text-right">{col('agentShare')}</TableHeaderCell>
                <TableHeaderCell className="text-right">{col('yourShare')}</TableHeaderCell>
                <TableHeaderCell className="text-right">{col('platformShare')}</TableHeaderCell>
                <TableHeaderCell>{col('status')}</TableHeaderCell>
              </tr>
            </TableHead>
            <TableBody>
              {data.payments.map((earning) => (
                <TableRow key={earning.id}>
                  <TableCell className="max-md:mb-1 max-md:border-b max-md:border-line max-md:pb-2">
                    <div className="min-w-0">
                      <p className="font-semibold whitespace-nowrap text-ink">
                        {format.date(businessDay(earning.businessDate))}
                      </p>
                      <p className="text-xs text-ink-muted">
                        {t(`superAgentDashboard.earnings.types.${earning.paymentType}`, {
                          agent: earning.agentUsername,
                        })}
                      </p>
                    </div>
                  </TableCell>
                  <TableCell
                    label={col('totalEarnings')}
                    className="tabular-nums whitespace-nowrap md:text-right"
                  >
                    {format.etb(earning.baseAmount)}
                  </TableCell>
                  <TableCell
                    label={col('agentShare')}
                    className="tabular-nums whitespace-nowrap md:text-right"
                  >
                    {format.etb(earning.superAgentShare)}
                  </TableCell>
                  <TableCell
                    label={col('yourShare')}
                    className="font-semibold whitespace-nowrap text-ink tabular-nums md:text-right"
                  >
                    {format.etb(earning.superAgentNetEarnings)}
                  </TableCell>
                  <TableCell
                    label={col('platformShare')}
                    className="tabular-nums whitespace-nowrap md:text-right"
                  >
                    {format.etb(earning.platformShare)}
                  </TableCell>
                  <TableCell label={col('status')}>
                    <EarningStatusBadge status={earning.status} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </div>
  );
}
