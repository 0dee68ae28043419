import type { Agreement } from '@cartela/contract';
import { useTranslation } from 'react-i18next';
import { DataTable, oneLineColumn } from '@/components/ui/data-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { useFormat } from '@/lib/format';
import { percentText } from '@/lib/percent';

/** Every agreement, newest first: the active ones and the history of ended ones. */
export function AgreementsTable({ agreements }: { agreements: readonly Agreement[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <DataTable
      caption={t('superAgents.agreements.caption')}
      rows={agreements}
      rowKey={(a) => a.id}
      rowClassName={(a) => (a.isActive ? undefined : 'text-ink-muted')}
      columns={[
        {
          name: t('superAgents.agreements.agent'),
          part: 'title',
          cell: (a) => <span className="font-semibold text-ink max-md:text-base">{a.agentUsername}</span>,
        },
        { name: t('superAgents.agreements.superAgent'), cell: (a) => a.superAgentUsername },
        {
          name: t('superAgents.agreements.rate'),
          numeric: true,
          cell: (a) => percentText(a.superAgentCommissionRate, format.number),
        },
        {
          name: t('superAgents.agreements.status'),
          cell: (a) => (
            <StatusBadge
              kind="active"
              texts="superAgents.agreements"
              status={a.isActive ? 'active' : 'ended'}
            />
          ),
        },
        oneLineColumn<Agreement>(t('superAgents.agreements.effectiveFrom'), (a) =>
          format.dateTime(a.effectiveFrom),
        ),
        {
          name: t('superAgents.agreements.endedAt'),
          className: (a) => (a.endedAt ? 'whitespace-nowrap' : 'max-md:hidden'),
          cell: (a) => (a.endedAt ? format.dateTime(a.endedAt) : <span aria-hidden="true">—</span>),
        },
        {
          name: t('superAgents.agreements.notes'),
          className: (a) => (a.notes ? 'md:max-w-64' : 'max-md:hidden'),
          cell: (a) =>
            a.notes ? <span className="md:line-clamp-2">{a.notes}</span> : <span aria-hidden="true">—</span>,
        },
      ]}
    />
  );
}
