import {
  type CommissionPayment,
  CommissionPaymentStatus,
  CommissionPaymentsQuery,
  type CommissionSetting,
} from '@cartela/contract';
import { FilterX, ReceiptText } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PaymentFilters, useCommissionPayments, useMarkPending } from '@/api/commission';
import { BusinessDateInput } from '@/components/business-date/business-date-input';
import { LoadError, Loading } from '@/components/load-state';
import { Pagination } from '@/components/pagination';
import type { PaidAction } from '@/components/paid-toggle';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Field, fieldDescriptionId } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { i18n } from '@/i18n';
import { useFormat } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useLoadFailureToast } from '../utils/load-failure';
import { MarkPaidDialog } from './mark-paid-dialog';
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

  async function backToPending(payment: CommissionPayment) {
    try {
      await markPending.mutateAsync(payment.id);
      notify.screen.success(t('commission.markPending.done'));
      setOpen(null);
    } catch (error) {
      notify.screen.failure(i18n.t('commission.markPending.failed'), error);
    }
  }

  const data = payments.data;
  const pending = open?.action === 'markPending' ? open.payment : null;

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
            {CommissionPaymentStatus.options.map((status) => (
              <option key={status} value={status}>
                {t(`commission.status.${status}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={ids.agent} label={t('commission.filters.agent')}>
          <Select
            id={ids.agent}
            value={filters.agentId}
            onChange={(event) => change({ agentId: event.target.value })}
          >
            <option value="">{t('commission.filters.allAgents')}</option>
            {agents.map((agent) => (
              <option key={agent.agentId} value={agent.agentId}>
                {agent.agentUsername}
              </option>
            ))}
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
        >
          <FilterX className="size-4" aria-hidden="true" />
          {t('commission.filters.clear')}
        </Button>
      </fieldset>

      {payments.isPending && valid && <Loading label={t('commission.payments.loading')} />}
      {payments.isError && (
        <LoadError
          title={t('commission.loadFailed')}
          error={payments.error}
          onRetry={() => void payments.refetch()}
          retrying={payments.isFetching}
        />
      )}
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

      {open?.action === 'markPaid' && <MarkPaidDialog payment={open.payment} onClose={() => setOpen(null)} />}
      {pending && (
        <ConfirmDialog
          open
          onOpenChange={(isOpen) => !isOpen && !markPending.isPending && setOpen(null)}
          title={t('commission.markPending.title')}
          description={t('commission.markPending.body', {
            agent: pending.agentUsername,
            date: format.date(pending.paymentDate),
            amount: format.etb(pending.adminCommissionAmount),
          })}
          confirmLabel={t('commission.markPending.confirm')}
          loading={markPending.isPending}
          onConfirm={() => void backToPending(pending)}
        />
      )}
    </section>
  );
}
