import {
  type CommissionPayment,
  CommissionPaymentStatus,
  CommissionPaymentsQuery,
  type CommissionSetting,
} from '@cartela/contract';
import { FilterX, ReceiptText } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PaymentFilters, useCommissionPayments, useMarkPaid, useMarkPending } from '@/api/commission';
import { BusinessDateInput } from '@/components/business-date/business-date-input';
import { Loading, QueryError } from '@/components/load-state';
import { Pagination } from '@/components/pagination';
import { MarkPaidDialog, MarkPendingDialog } from '@/components/paid-dialogs';
import type { PaidAction } from '@/components/paid-toggle';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Field, fieldDescriptionId } from '@/components/ui/label';
import { Options, Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useFormat } from '@/lib/format';
import { useLoadFailureToast } from '../utils/load-failure';
import { PaymentsTable } from './payments-table';

const PAGE_SIZE = 20;

interface Filters {
  status: CommissionPaymentStatus | '';
  agentId: string;
  startDate: string;
  endDate: string;
}
const NO_FILTERS: Filters = { status: '', agentId: '', startDate: '', endDate: '' };

/** The query the server is sent: only the filters that are set. */
function queryOf(filters: Filters, page: number): PaymentFilters {
  return {
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.agentId ? { agentId: filters.agentId } : {}),
    ...(filters.startDate ? { startDate: filters.startDate } : {}),
    ...(filters.endDate ? { endDate: filters.endDate } : {}),
    page,
    limit: PAGE_SIZE,
  };
}

type Open = { action: PaidAction; payment: CommissionPayment } | null;

/**
 * Filters (status, agent, start and end date, Clear filters), the payments 20 a page, and Mark Paid / Mark
 * Pending. The agents to filter by are the rate settings' (every commission-share agent).
 */
export function PaymentsSection({ agents }: { agents: readonly CommissionSetting[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const headingId = useId();
  const ids = { status: useId(), agent: useId(), start: useId(), end: useId() };
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Open>(null);
  const markPaid = useMarkPaid();
  const markPending = useMarkPending();

  const query = queryOf(filters, page);
  // The contract's own check: the server would refuse an end date before the start date.
  const valid = CommissionPaymentsQuery.safeParse(query).success;
  const payments = useCommissionPayments(query, valid);
  useLoadFailureToast(payments.error, payments.errorUpdatedAt);
  const filtered = Object.values(filters).some((value) => value !== '');

  function change(patch: Partial<Filters>) {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  }

  const data = payments.data;
  /** What the dialogs say of a payment: whose, for which day, how much. */
  const about = (payment: CommissionPayment) => ({
    agent: payment.agentUsername,
    date: format.date(payment.paymentDate),
    amount: format.etb(payment.adminCommissionAmount),
  });

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-ink">
          {t('commission.payments.title')}
        </h2>
        {payments.isFetching && !payments.isPending && (
          <span className="text-sm text-ink-muted">
            <Spinner size="sm" label={t('commission.payments.updating')} />
          </span>
        )}
      </div>

      <fieldset className="grid grid-cols-1 items-start gap-3 rounded-xl border border-line bg-surface p-4 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto]">
        <legend className="sr-only">{t('commission.filters.title')}</legend>
        <Field id={ids.status} label={t('commission.filters.status')}>
          <Select
            id={ids.status}
            value={filters.status}
            onChange={(event) =>
              change({
                status: event.target.value ? CommissionPaymentStatus.parse(event.target.value) : '',
              })
            }
          >
            <option value="">{t('commission.status.all')}</option>
            <Options
              items={CommissionPaymentStatus.options}
              text={(status) => t(`commission.status.${status}`)}
            />
          </Select>
        </Field>
        <Field id={ids.agent} label={t('commission.filters.agent')}>
          <Select
            id={ids.agent}
            value={filters.agentId}
            onChange={(event) => change({ agentId: event.target.value })}
          >
            <option value="">{t('commission.filters.allAgents')}</option>
            <Options items={agents} text={(agent) => agent.agentUsername} value={(agent) => agent.agentId} />
          </Select>
        </Field>
        <Field id={ids.start} label={t('commission.filters.startDate')}>
          <BusinessDateInput
            id={ids.start}
            value={filters.startDate}
            max={filters.endDate || undefined}
            onChange={(startDate) => change({ startDate })}
          />
        </Field>
        <Field
          id={ids.end}
          label={t('commission.filters.endDate')}
          error={valid ? undefined : t('commission.filters.dateOrder')}
        >
          <BusinessDateInput
            id={ids.end}
            value={filters.endDate}
            min={filters.startDate || undefined}
            aria-invalid={valid ? undefined : true}
            aria-describedby={valid ? undefined : fieldDescriptionId(ids.end)}
            onChange={(endDate) => change({ endDate })}
          />
        </Field>
        <Button
          variant="ghost"
          onClick={() => change(NO_FILTERS)}
          disabled={!filtered}
          className="sm:col-span-2 lg:col-span-1 lg:mt-6.5"
          icon={FilterX}
        >
          {t('commission.filters.clear')}
        </Button>
      </fieldset>

      {payments.isPending && valid && <Loading label={t('commission.payments.loading')} />}
      {payments.isError && <QueryError title={t('commission.loadFailed')} query={payments} />}
      {data && data.payments.length === 0 && (
        <EmptyState
          icon={ReceiptText}
          title={t('commission.payments.empty')}
          description={t('commission.payments.emptyBody')}
        />
      )}
      {data && data.payments.length > 0 && (
        <>
          <PaymentsTable
            payments={data.payments}
            onAction={(action, payment) => setOpen({ action, payment })}
          />
          {data.totalPages > 1 && (
            <Pagination
              page={data.page}
              totalPages={data.totalPages}
              onPage={(next) => setPage(Math.min(Math.max(1, next), data.totalPages))}
              label={t('commission.pagination.label')}
              summary={t('commission.pagination.summary', {
                page: format.number(data.page),
                pages: format.number(data.totalPages),
                total: format.number(data.total),
              })}
            />
          )}
        </>
      )}

      {open?.action === 'markPaid' && (
        <MarkPaidDialog
          texts="commission.markPaid"
          description={t('commission.markPaid.description', about(open.payment))}
          notesTooLong={t('commission.editRate.notesTooLong')}
          write={markPaid}
          id={open.payment.id}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.action === 'markPending' && (
        <MarkPendingDialog
          texts="commission.markPending"
          description={t('commission.markPending.body', about(open.payment))}
          write={markPending}
          id={open.payment.id}
          onClose={() => setOpen(null)}
        />
      )}
    </section>
  );
}
