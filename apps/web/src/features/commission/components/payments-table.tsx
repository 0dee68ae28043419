import type { CommissionPayment } from '@cartela/contract';
import { useTranslation } from 'react-i18next';
import { type PaidAction, PaidToggle } from '@/components/paid-toggle';
import { amountColumn, type DataColumn, DataTable } from '@/components/ui/data-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { useFormat } from '@/lib/format';
import { percentText } from '@/lib/percent';

type Column =
  | 'date'
  | 'agent'
  | 'games'
  | 'totalEarnings'
  | 'rate'
  | 'adminCommission'
  | 'agentNet'
  | 'status'
  | 'paidAt'
  | 'actions';

/**
 * The payments (product/screens.md#commission-management): Date, Agent, Games, Total Earnings, Rate, Admin
 * Commission, Agent Net, Status, Paid at, and the one action the status allows
 * (product/money.md#daily-commission-payments): a pending payment can be marked paid, a paid or cancelled one back
 * to pending. A phone shows one card per payment.
 */
export function PaymentsTable({
  payments,
  onAction,
}: {
  payments: readonly CommissionPayment[];
  onAction: (action: PaidAction, payment: CommissionPayment) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const col = (key: Column) => t(`commission.payments.${key}`);
  const columns: DataColumn<CommissionPayment>[] = [
    {
      name: col('date'),
      part: 'title',
      className: 'font-semibold whitespace-nowrap text-ink',
      cell: (payment) => format.date(payment.paymentDate),
    },
    {
      name: col('agent'),
      className: 'font-medium whitespace-nowrap text-ink',
      cell: (payment) => payment.agentUsername,
    },
    { name: col('games'), numeric: true, cell: (payment) => format.number(payment.gamesCount) },
    amountColumn(col('totalEarnings'), (payment) => format.etb(payment.totalEarnings)),
    {
      name: col('rate'),
      numeric: true,
      cell: (payment) => percentText(payment.adminCommissionRate, format.number),
    },
    amountColumn(col('adminCommission'), (payment) => format.etb(payment.adminCommissionAmount), true),
    amountColumn(col('agentNet'), (payment) => format.etb(payment.agentNetAmount)),
    {
      name: col('status'),
      cell: (payment) => <StatusBadge kind="payment" texts="commission.status" status={payment.status} />,
    },
    {
      name: col('paidAt'),
      cell: (payment) =>
        payment.paidAt ? (
          <span className="inline-flex flex-col items-end md:items-start">
            <span>{format.dateTime(payment.paidAt)}</span>
            {payment.paidByUsername && (
              <span className="text-xs text-ink-muted">
                {t('commission.payments.paidBy', { name: payment.paidByUsername })}
              </span>
            )}
          </span>
        ) : (
          <span className="text-ink-subtle">{t('commission.payments.notPaid')}</span>
        ),
    },
    {
      name: col('actions'),
      part: 'actions',
      hideName: true,
      cell: (payment) => (
        <PaidToggle
          status={payment.status}
          texts="commission.payments"
          onAction={(action) => onAction(action, payment)}
        />
      ),
    },
  ];

  return (
    // Ten columns: a little less room around each keeps the actions in sight on a laptop.
    <DataTable
      caption={t('commission.payments.caption')}
      className="md:[&_td]:px-3 md:[&_th]:px-3"
      columns={columns}
      rows={payments}
      rowKey={(payment) => payment.id}
      rowLabel={(payment) => `${payment.agentUsername} ${format.date(payment.paymentDate)}`}
    />
  );
}
