import type { SuperAgent } from '@cartela/contract';
import { Pencil, UserPlus, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { type DataColumn, DataTable } from '@/components/ui/data-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { useFormat } from '@/lib/format';
import { percentText } from '@/lib/percent';

export interface SuperAgentsTableProps {
  superAgents: readonly SuperAgent[];
  onEdit: (superAgent: SuperAgent) => void;
  onAssign: (superAgent: SuperAgent) => void;
  /** Their earnings, to mark paid or pending: an inactive super agent's too (what they earned is still owed). */
  onEarnings: (superAgent: SuperAgent) => void;
}

/** The super agents, a card each on a phone (product/screens.md#super-agent-management). */
export function SuperAgentsTable({ superAgents, onEdit, onAssign, onEarnings }: SuperAgentsTableProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const columns: DataColumn<SuperAgent>[] = [
    {
      name: t('superAgents.list.username'),
      part: 'title',
      cell: (s) => (
        <>
          <span className="block font-semibold text-ink max-md:text-base">{s.username}</span>
          {s.notes && <span className="block max-w-64 truncate text-xs text-ink-muted">{s.notes}</span>}
        </>
      ),
    },
    {
      name: t('superAgents.list.contact'),
      cell: (s) => s.contact ?? <span className="text-ink-subtle">{t('superAgents.notProvided')}</span>,
    },
    {
      name: t('superAgents.list.platformRate'),
      numeric: true,
      cell: (s) => percentText(s.platformCommissionRate, format.number),
    },
    { name: t('superAgents.list.activeAgents'), numeric: true, cell: (s) => format.number(s.activeAgents) },
    {
      name: t('superAgents.list.totalEarnings'),
      numeric: true,
      className: 'whitespace-nowrap',
      cell: (s) => format.etb(s.totalEarnings),
    },
    {
      name: t('superAgents.list.status'),
      cell: (s) => (
        <StatusBadge kind="active" texts="superAgents" status={s.isActive ? 'active' : 'inactive'} />
      ),
    },
    {
      name: t('superAgents.list.created'),
      className: 'whitespace-nowrap',
      cell: (s) => format.date(s.createdAt),
    },
    {
      name: t('superAgents.list.actions'),
      part: 'actions',
      cell: (s) => (
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
      ),
    },
  ];
  return (
    <DataTable
      caption={t('superAgents.list.caption')}
      columns={columns}
      rows={superAgents}
      rowKey={(s) => s.id}
    />
  );
}
