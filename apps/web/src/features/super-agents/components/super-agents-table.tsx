import type { SuperAgent } from '@cartela/contract';
import { Pencil, UserPlus, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@/components/ui/table';
import { useFormat } from '@/lib/format';
import { rateText } from './form-helpers';

export interface SuperAgentsTableProps {
  superAgents: readonly SuperAgent[];
  onEdit: (superAgent: SuperAgent) => void;
  onAssign: (superAgent: SuperAgent) => void;
  /** Their earnings, to mark paid or pending: an inactive super agent's too (what they earned is still owed). */
  onEarnings: (superAgent: SuperAgent) => void;
}

/** The super agents, a card each on a phone (spec 02 section 2, "Super agent management"). */
export function SuperAgentsTable({ superAgents, onEdit, onAssign, onEarnings }: SuperAgentsTableProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const col = {
    username: t('superAgents.list.username'),
    contact: t('superAgents.list.contact'),
    platformRate: t('superAgents.list.platformRate'),
    activeAgents: t('superAgents.list.activeAgents'),
    totalEarnings: t('superAgents.list.totalEarnings'),
    status: t('superAgents.list.status'),
    created: t('superAgents.list.created'),
    actions: t('superAgents.list.actions'),
  };
  return (
    <Table caption={t('superAgents.list.caption')}>
      <TableHead>
        <tr>
          <TableHeaderCell>{col.username}</TableHeaderCell>
          <TableHeaderCell>{col.contact}</TableHeaderCell>
          <TableHeaderCell className="text-right">{col.platformRate}</TableHeaderCell>
          <TableHeaderCell className="text-right">{col.activeAgents}</TableHeaderCell>
          <TableHeaderCell className="text-right">{col.totalEarnings}</TableHeaderCell>
          <TableHeaderCell>{col.status}</TableHeaderCell>
          <TableHeaderCell>{col.created}</TableHeaderCell>
          <TableHeaderCell className="text-right">{col.actions}</TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {superAgents.map((s) => (
          <TableRow key={s.id}>
            <TableCell className="max-md:mb-1 max-md:border-b max-md:border-line max-md:pb-2">
              <span className="block font-semibold text-ink max-md:text-base">{s.username}</span>
              {s.notes && <span className="block max-w-64 truncate text-xs text-ink-muted">{s.notes}</span>}
            </TableCell>
            <TableCell label={col.contact}>
              {s.contact ?? <span className="text-ink-subtle">{t('superAgents.notProvided')}</span>}
            </TableCell>
            <TableCell label={col.platformRate} className="tabular-nums md:text-right">
              {rateText(s.platformCommissionRate, format.number)}
            </TableCell>
            <TableCell label={col.activeAgents} className="tabular-nums md:text-right">
              {format.number(s.activeAgents)}
            </TableCell>
            <TableCell label={col.totalEarnings} className="tabular-nums whitespace-nowrap md:text-right">
              {format.etb(s.totalEarnings)}
            </TableCell>
            <TableCell label={col.status}>
              <Badge tone={s.isActive ? 'success' : 'neutral'}>
                {s.isActive ? t('superAgents.active') : t('superAgents.inactive')}
              </Badge>
            </TableCell>
            <TableCell label={col.created} className="whitespace-nowrap">
              {format.date(s.createdAt)}
            </TableCell>
            <TableCell className="max-md:mt-2 max-md:border-t max-md:border-line max-md:pt-3">
              <div className="flex w-full flex-wrap justify-end gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => onEdit(s)}
                  aria-label={t('superAgents.list.editLabel', { name: s.username })}
                >
                  <Pencil className="size-4" aria-hidden="true" />
                  {t('superAgents.list.edit')}
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => onAssign(s)}
                  disabled={!s.isActive}
                  aria-label={t('superAgents.list.assignAgentLabel', { name: s.username })}
                >
                  <UserPlus className="size-4" aria-hidden="true" />
                  {t('superAgents.list.assignAgent')}
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => onEarnings(s)}
                  aria-label={t('superAgents.list.earningsLabel', { name: s.username })}
                >
                  <Wallet className="size-4" aria-hidden="true" />
                  {t('superAgents.list.earnings')}
                </Button>
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
