import type { SuperAgentEarning } from '@cartela/contract';
import { useTranslation } from 'react-i18next';
import { type PaidAction, PaidToggle } from '@/components/paid-toggle';
import { amountColumn, type DataColumn, DataTable, oneLineColumn } from '@/components/ui/data-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { useFormat } from '@/lib/format';

type Column =
  | 'date'
  | 'type'
  | 'agent'
  | 'totalEarnings'
  | 'agentShare'
  | 'theirShare'
  | 'platformShare'
  | 'status'
  | 'paidAt'
  | 'actions';

/**
 * One super agent's earnings (decision 053 section 5): Date = businessDate, Type, Agent, Total Earnings =
 * baseAmount (Base), superAgentShare (gross share), superAgentNetEarnings (net), Platform Share, Status,
 * Paid at, and the one action the status allows: pending -> Mark Paid, paid -> Mark Pending (a cancelled
 * earning has none). A phone shows one card per earning; a narrow laptop scrolls the table sideways.
 */
export function EarningsTable({
  superAgentName,
  earnings,
  onAction,
}: {
  superAgentName: string;
  earnings: readonly SuperAgentEarning[];
  onAction: (action: PaidAction, earning: SuperAgentEarning) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const col = (key: Column) => t(`superAgents.earnings.${key}`);
  const columns: DataColumn<SuperAgentEarning>[] = [
    {
      name: col('date'),
      part: 'title',
      className: 'font-semibold whitespace-nowrap text-ink',
      cell: (earning) => format.date(earning.businessDate),
    },
    oneLineColumn(col('type'), (earning) => t(`superAgents.earnings.types.${earning.paymentType}`)),
    {
      name: col('agent'),
      className: 'font-medium whitespace-nowrap text-ink',
      cell: (earning) => earning.agentUsername,
    },
    amountColumn(col('totalEarnings'), (earning) => format.etb(earning.baseAmount)),
    amountColumn(col('agentShare'), (earning) => format.etb(earning.superAgentShare)),
    amountColumn(col('theirShare'), (earning) => format.etb(earning.superAgentNetEarnings), true),
    amountColumn(col('platformShare'), (earning) => format.etb(earning.platformShare)),
    {
      name: col('status'),
      cell: (earning) => (
        <StatusBadge kind="payment" texts="superAgents.earnings.statuses" status={earning.status} />
      ),
    },
    {
      name: col('paidAt'),
      cell: (earning) =>
        earning.paidAt ? (
          <span className="inline-flex min-w-0 flex-col items-end md:items-start">
            <span className="whitespace-nowrap">{format.dateTime(earning.paidAt)}</span>
            {earning.notes && (
              <span className="max-w-48 truncate text-xs text-ink-muted" title={earning.notes}>
                {earning.notes}
              </span>
            )}
          </span>
        ) : (
          <span className="text-ink-subtle">{t('superAgents.earnings.notPaid')}</span>
        ),
    },
    {
      name: col('actions'),
      part: 'actions',
      hideName: true,
      // A cancelled earning cannot change (the server answers 409): no button, no empty card footer.
      className: (earning) => (earning.status === 'cancelled' ? 'max-md:hidden' : undefined),
      cell: (earning) =>
        earning.status === 'cancelled' ? (
          <span aria-hidden="true" className="text-ink-subtle">
            —
          </span>
        ) : (
          <PaidToggle
            status={earning.status}
            texts="superAgents.earnings"
            onAction={(action) => onAction(action, earning)}
          />
        ),
    },
  ];

  return (
    // Ten columns: a little less room around each keeps the actions in sight.
    <DataTable
      caption={t('superAgents.earnings.caption', { name: superAgentName })}
      className="md:[&_td]:px-3 md:[&_th]:px-3"
      columns={columns}
      rows={earnings}
      rowKey={(earning) => earning.id}
      rowLabel={(earning) => `${earning.agentUsername} ${format.date(earning.businessDate)}`}
    />
  );
}
