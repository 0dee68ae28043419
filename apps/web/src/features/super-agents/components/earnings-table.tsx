import type { SuperAgentEarning } from '@cartela/contract';
import { CheckCircle2, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@/components/ui/table';
import { useFormat } from '@/lib/format';
import { EarningStatusBadge } from './earning-status-badge';

export type EarningAction = 'markPaid' | 'markPending';

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
  onAction: (action: EarningAction, earning: SuperAgentEarning) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const col = (key: Column) => t(`superAgents.earnings.${key}`);
  const money = 'tabular-nums whitespace-nowrap md:text-right';

  return (
    // Ten columns: a little less room around each keeps the actions in sight.
    <Table
      caption={t('superAgents.earnings.caption', { name: superAgentName })}
      className="md:[&_td]:px-3 md:[&_th]:px-3"
    >
      <TableHead>
        <tr>
          <TableHeaderCell>{col('date')}</TableHeaderCell>
          <TableHeaderCell>{col('type')}</TableHeaderCell>
          <TableHeaderCell>{col('agent')}</TableHeaderCell>
          <TableHeaderCell className="text-right">{col('totalEarnings')}</TableHeaderCell>
          <TableHeaderCell className="text-right">{col('agentShare')}</TableHeaderCell>
          <TableHeaderCell className="text-right">{col('theirShare')}</TableHeaderCell>
          <TableHeaderCell className="text-right">{col('platformShare')}</TableHeaderCell>
          <TableHeaderCell>{col('status')}</TableHeaderCell>
          <TableHeaderCell>{col('paidAt')}</TableHeaderCell>
          <TableHeaderCell>
            <span className="sr-only">{col('actions')}</span>
          </TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {earnings.map((earning) => {
          const date = format.date(earning.businessDate);
          return (
            <TableRow key={earning.id} aria-label={`${earning.agentUsername} ${date}`}>
              {/* On a phone the card's title. */}
              <TableCell className="font-semibold whitespace-nowrap text-ink max-md:mb-1 max-md:border-b max-md:border-line max-md:pb-2">
                {date}
              </TableCell>
              <TableCell label={col('type')} className="whitespace-nowrap">
                {t(`superAgents.earnings.types.${earning.paymentType}`)}
              </TableCell>
              <TableCell label={col('agent')} className="font-medium whitespace-nowrap text-ink">
                {earning.agentUsername}
              </TableCell>
              <TableCell label={col('totalEarnings')} className={money}>
                {format.etb(earning.baseAmount)}
              </TableCell>
              <TableCell label={col('agentShare')} className={money}>
                {format.etb(earning.superAgentShare)}
              </TableCell>
              <TableCell label={col('theirShare')} className={`${money} font-semibold text-ink`}>
                {format.etb(earning.superAgentNetEarnings)}
              </TableCell>
              <TableCell label={col('platformShare')} className={money}>
                {format.etb(earning.platformShare)}
              </TableCell>
              <TableCell label={col('status')}>
                <EarningStatusBadge status={earning.status} />
              </TableCell>
              <TableCell label={col('paidAt')}>
                {earning.paidAt ? (
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
                )}
              </TableCell>
              {earning.status === 'cancelled' ? (
                // A cancelled earning cannot change (the server answers 409): no button, no empty card footer.
                <TableCell className="max-md:hidden">
                  <span aria-hidden="true" className="text-ink-subtle">
                    —
                  </span>
                </TableCell>
              ) : (
                <TableCell className="max-md:mt-2 max-md:border-t max-md:border-line max-md:pt-3">
                  {earning.status === 'pending' ? (
                    <Button
                      size="sm"
                      onClick={() => onAction('markPaid', earning)}
                      className="whitespace-nowrap max-md:w-full"
                    >
                      <CheckCircle2 className="size-4" aria-hidden="true" />
                      {t('superAgents.earnings.markPaid')}
                    </Button>
                  ) : (
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => onAction('markPending', earning)}
                      className="whitespace-nowrap max-md:w-full"
                    >
                      <RotateCcw className="size-4" aria-hidden="true" />
                      {t('superAgents.earnings.markPending')}
                    </Button>
                  )}
                </TableCell>
              )}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
