import type { SuperAgent } from '@cartela/contract';
import { Pencil, UserPlus, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  amountColumn,
  type DataColumn,
  DataTable,
  oneLineColumn,
  RowActions,
} from '@/components/ui/data-table';
import { ActiveBadge } from '@/components/ui/status-badge';
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
    amountColumn(t('superAgents.list.totalEarnings'), (s) => format.etb(s.totalEarnings)),
    {
      name: t('superAgents.list.status'),
      cell: (s) => <ActiveBadge active={s.isActive} texts="superAgents" />,
    },
    oneLineColumn(t('superAgents.list.created'), (s) => format.date(s.createdAt)),
    {
      name: t('superAgents.list.actions'),
      part: 'actions',
      cell: (s) => (
        <RowActions
          actions={[
            {
              icon: Pencil,
              text: t('superAgents.list.edit'),
              label: t('superAgents.list.editLabel', { name: s.username }),
              onClick: () => onEdit(s),
            },
            {
              icon: UserPlus,
              text: t('superAgents.list.assignAgent'),
              label: t('superAgents.list.assignAgentLabel', { name: s.username }),
              onClick: () => onAssign(s),
              variant: 'secondary',
              disabled: !s.isActive,
            },
            {
              icon: Wallet,
              text: t('superAgents.list.earnings'),
              label: t('superAgents.list.earningsLabel', { name: s.username }),
              onClick: () => onEarnings(s),
            },
          ]}
        />
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
