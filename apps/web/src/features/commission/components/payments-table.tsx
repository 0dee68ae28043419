import type { CommissionPayment } from '@cartela/contract';
import { CheckCircle2, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@/components/ui/table';
import { useFormat } from '@/lib/format';
import { rateText } from '../utils/display';
import { PaymentStatusBadge } from './status-badge';

export type PaymentAction = 'markPaid' | 'markPending';

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
 * The payments (spec 02 section 2): Date, Agent, Games, Total Earnings, Rate, Admin Commission, Agent Net,
 * Status, Paid at, and the one action the status allows (spec 02 section 4): a pending payment can be marked
 * paid, a paid or cancelled one back to pending. A phone shows one card per payment.
 */
export function PaymentsTable({
  payments,
  onAction,
}: {
  payments: readonly CommissionPayment[];
  onAction: (action: PaymentAction, payment: CommissionPayment) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const col = (key: Column) => t(`commission.payments.${key}`);
  const money = 'tabular-nums whitespace-nowrap md:text-right';

  return (
    // Ten columns: a little less room around each keeps the actions in sight on a laptop.
    <Table caption={t('commission.payments.caption')} className="md:[&_td]:px-3 md:[&_th]:px-3">
      <TableHead>
        <tr>
          <TableHeaderCell>{col('date')}</TableHeaderCell>
          <TableHeaderCell>{col('agent')}</TableHeaderCell>
          <TableHeaderCell className="text-right">{col('games')}</TableHeaderCell>
          <TableHeaderCell className="text-right">{col('totalEarnings')}</TableHeaderCell>
          <TableHeaderCell className="text-right">{col('rate')}</TableHeaderCell>
          <TableHeaderCell className="text-right">{col('adminCommission')}</TableHeaderCell>
          <TableHeaderCell className="text-right">{col('agentNet')}</TableHeaderCell>
          <TableHeaderCell>{col('status')}</TableHeaderCell>
          <TableHeaderCell>{col('paidAt')}</TableHeaderCell>
          <TableHeaderCell>
            <span className="sr-only">{col('actions')}</span>
          </TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {payments.map((payment) => {
          const date = format.date(payment.paymentDate);
          return (
            <TableRow key={payment.id} aria-label={`${payment.agentUsername} ${date}`}>
              {/* On a phone the card's title. */}
              <TableCell className="font-semibold whitespace-nowrap text-ink max-md:mb-1 max-md:border-b max-md:border-line max-md:pb-2">
                {date}
              </TableCell>
              <TableCell label={col('agent')} className="font-medium whitespace-nowrap text-ink">
                {payment.agentUsername}
              </TableCell>
              <TableCell label={col('games')} className="tabular-nums md:text-right">
                {format.number(payment.gamesCount)}
              </TableCell>
              <TableCell label={col('totalEarnings')} className={money}>
                {format.etb(payment.totalEarnings)}
              </TableCell>
              <TableCell label={col('rate')} className="tabular-nums md:text-right">
                {rateText(payment.adminCommissionRate, format.number)}
              </TableCell>
              <TableCell label={col('adminCommission')} className={`${money} font-semibold text-ink`}>
                {format.etb(payment.adminCommissionAmount)}
              </TableCell>
              <TableCell label={col('agentNet')} className={money}>
                {format.etb(payment.agentNetAmount)}
              </TableCell>
              <TableCell label={col('status')}>
                <PaymentStatusBadge status={payment.status} />
              </TableCell>
              <TableCell label={col('paidAt')}>
                {payment.paidAt ? (
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
                )}
              </TableCell>
              <TableCell className="max-md:mt-2 max-md:border-t max-md:border-line max-md:pt-3">
                {payment.status === 'pending' ? (
                  <Button size="sm" onClick={() => onAction('markPaid', payment)} className="max-md:w-full">
                    <CheckCircle2 className="size-4" aria-hidden="true" />
                    {t('commission.payments.markPaid')}
                  </Button>
                ) : (
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => onAction('markPending', payment)}
                    className="max-md:w-full"
                  >
                    <RotateCcw className="size-4" aria-hidden="true" />
                    {t('commission.payments.markPending')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
