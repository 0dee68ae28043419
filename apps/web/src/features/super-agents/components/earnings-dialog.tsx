import { EarningStatus, type SuperAgent, type SuperAgentEarning } from '@cartela/contract';
import { Wallet } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useMarkEarningPaid,
  useMarkEarningPending,
  useSuperAgentEarnings,
} from '@/api/super-agent-dashboard';
import { Amount } from '@/components/amount';
import { QueryState } from '@/components/load-state';
import { MarkPaidDialog, MarkPendingDialog } from '@/components/paid-dialogs';
import type { PaidAction } from '@/components/paid-toggle';
import { Card } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/label';
import { Options, Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useFormat } from '@/lib/format';
import { type EarningsFilters, EarningsPeriod } from './earnings-period';
import { EarningsTable } from './earnings-table';

type Open = { action: PaidAction; earning: SuperAgentEarning } | null;

/**
 * A super agent's earnings, for the admin who pays them (decision 053 section 5): the period (Last Week / Month /
 * Year, All time; a month by default) and status filters, the period's totals, every earning with Mark Paid
 * (pending) or Mark Pending (paid). Wide on a laptop; on a phone the earnings are cards.
 */
export function EarningsDialog({ superAgent, onClose }: { superAgent: SuperAgent; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const ids = { period: useId(), status: useId() };
  const [period, setPeriod] = useState<EarningsPeriod>('month');
  const [status, setStatus] = useState<EarningStatus | ''>('');
  const [open, setOpen] = useState<Open>(null);
  const markPaid = useMarkEarningPaid();
  const markPending = useMarkEarningPending();

  // Only the filters that are set: no status is every earning of the period.
  const filters: EarningsFilters = status ? { period, status } : { period };
  const earnings = useSuperAgentEarnings(superAgent.id, filters);
  const data = earnings.data;
  const name = superAgent.username;
  /** What the dialogs say of an earning: whose, from which agent, for which day, how much. */
  const about = (earning: SuperAgentEarning) => ({
    name,
    agent: earning.agentUsername,
    date: format.date(earning.businessDate),
    amount: format.etb(earning.superAgentNetEarnings),
  });

  const totals = data && [
    { label: t('superAgents.earnings.totalEarnings'), value: data.totals.baseAmount },
    { label: t('superAgents.earnings.theirShare'), value: data.totals.superAgentNetEarnings },
    { label: t('superAgents.earnings.platformShare'), value: data.totals.platformShare },
    { label: t('superAgents.earnings.pending'), value: data.totals.pending },
    { label: t('superAgents.earnings.paid'), value: data.totals.paid },
  ];

  return (
    <>
      <Dialog
        open
        onOpenChange={(isOpen) => !isOpen && onClose()}
        title={t('superAgents.earnings.title', { name })}
        description={t('superAgents.earnings.description')}
        className="md:max-w-6xl"
      >
        <div className="space-y-5">
          <fieldset className="grid grid-cols-1 items-end gap-3 sm:grid-cols-[repeat(2,minmax(0,14rem))_1fr]">
            <legend className="sr-only">{t('superAgents.earnings.filters')}</legend>
            <Field id={ids.period} label={t('superAgents.earnings.period')}>
              <Select
                id={ids.period}
                value={period}
                onChange={(event) => setPeriod(EarningsPeriod.parse(event.target.value))}
              >
                <Options
                  items={EarningsPeriod.options}
                  text={(value) => t(`superAgents.earnings.periods.${value}`)}
                />
              </Select>
            </Field>
            <Field id={ids.status} label={t('superAgents.earnings.status')}>
              <Select
                id={ids.status}
                value={status}
                onChange={(event) =>
                  setStatus(event.target.value ? EarningStatus.parse(event.target.value) : '')
                }
              >
                <option value="">{t('superAgents.earnings.statuses.all')}</option>
                <Options
                  items={EarningStatus.options}
                  text={(value) => t(`superAgents.earnings.statuses.${value}`)}
                />
              </Select>
            </Field>
            <div className="flex min-h-11 flex-wrap items-center gap-x-4 gap-y-1 text-sm text-ink-muted sm:justify-end">
              {data && (
                <span>
                  {t('superAgents.earnings.range', {
                    from: format.date(data.from),
                    to: format.date(data.to),
                  })}
                </span>
              )}
              {earnings.isFetching && !earnings.isPending && (
                <Spinner size="sm" label={t('superAgents.earnings.updating')} />
              )}
            </div>
          </fieldset>

          <QueryState
            query={earnings}
            loading={t('superAgents.earnings.loading')}
            failed={t('superAgents.earnings.loadFailed')}
          />
          {data && !earnings.isError && data.payments.length === 0 && (
            <EmptyState
              icon={Wallet}
              title={t('superAgents.earnings.empty')}
              description={t('superAgents.earnings.emptyBody')}
            />
          )}
          {data && !earnings.isError && data.payments.length > 0 && (
            <>
              {totals && (
                <section aria-label={t('superAgents.earnings.totals')}>
                  <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
                    {totals.map(({ label, value }) => (
                      <Card key={label} className="min-w-0 p-4">
                        <dt className="text-sm text-ink-muted">{label}</dt>
                        <dd className="mt-1 text-lg font-bold tracking-tight break-words text-ink tabular-nums">
                          <Amount text={format.etb(value)} />
                        </dd>
                      </Card>
                    ))}
                  </dl>
                </section>
              )}
              <EarningsTable
                superAgentName={name}
                earnings={data.payments}
                onAction={(action, earning) => setOpen({ action, earning })}
              />
            </>
          )}
        </div>
      </Dialog>

      {open?.action === 'markPaid' && (
        <MarkPaidDialog
          texts="superAgents.markEarningPaid"
          description={t('superAgents.markEarningPaid.description', about(open.earning))}
          notesTooLong={t('superAgents.markEarningPaid.notesTooLong')}
          write={markPaid}
          id={open.earning.id}
          closeOnConflict
          onClose={() => setOpen(null)}
        />
      )}
      {open?.action === 'markPending' && (
        <MarkPendingDialog
          texts="superAgents.markEarningPending"
          description={t('superAgents.markEarningPending.body', about(open.earning))}
          write={markPending}
          id={open.earning.id}
          closeOnConflict
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
