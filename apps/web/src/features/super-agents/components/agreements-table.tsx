import type { Agreement } from '@cartela/contract';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@/components/ui/table';
import { useFormat } from '@/lib/format';
import { rateText } from './form-helpers';

/** Every agreement, newest first: the active ones and the history of ended ones. */
export function AgreementsTable({ agreements }: { agreements: readonly Agreement[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const col = {
    agent: t('superAgents.agreements.agent'),
    superAgent: t('superAgents.agreements.superAgent'),
    rate: t('superAgents.agreements.rate'),
    status: t('superAgents.agreements.status'),
    effectiveFrom: t('superAgents.agreements.effectiveFrom'),
    endedAt: t('superAgents.agreements.endedAt'),
    notes: t('superAgents.agreements.notes'),
  };
  return (
    <Table caption={t('superAgents.agreements.caption')}>
      <TableHead>
        <tr>
          <TableHeaderCell>{col.agent}</TableHeaderCell>
          <TableHeaderCell>{col.superAgent}</TableHeaderCell>
          <TableHeaderCell className="text-right">{col.rate}</TableHeaderCell>
          <TableHeaderCell>{col.status}</TableHeaderCell>
          <TableHeaderCell>{col.effectiveFrom}</TableHeaderCell>
          <TableHeaderCell>{col.endedAt}</TableHeaderCell>
          <TableHeaderCell>{col.notes}</TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {agreements.map((a) => (
          <TableRow key={a.id} className={a.isActive ? undefined : 'text-ink-muted'}>
            <TableCell className="max-md:mb-1 max-md:border-b max-md:border-line max-md:pb-2">
              <span className="font-semibold text-ink max-md:text-base">{a.agentUsername}</span>
            </TableCell>
            <TableCell label={col.superAgent}>{a.superAgentUsername}</TableCell>
            <TableCell label={col.rate} className="tabular-nums md:text-right">
              {rateText(a.superAgentCommissionRate, format.number)}
            </TableCell>
            <TableCell label={col.status}>
              <Badge tone={a.isActive ? 'success' : 'neutral'}>
                {a.isActive ? t('superAgents.agreements.active') : t('superAgents.agreements.ended')}
              </Badge>
            </TableCell>
            <TableCell label={col.effectiveFrom} className="whitespace-nowrap">
              {format.dateTime(a.effectiveFrom)}
            </TableCell>
            <TableCell label={col.endedAt} className={a.endedAt ? 'whitespace-nowrap' : 'max-md:hidden'}>
              {a.endedAt ? format.dateTime(a.endedAt) : <span aria-hidden="true">—</span>}
            </TableCell>
            <TableCell label={col.notes} className={a.notes ? 'md:max-w-64' : 'max-md:hidden'}>
              {a.notes ? (
                <span className="md:line-clamp-2">{a.notes}</span>
              ) : (
                <span aria-hidden="true">—</span>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
