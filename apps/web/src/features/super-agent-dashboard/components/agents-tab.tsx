import type { SuperAgentAgentLink } from '@cartela/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Loading, QueryError } from '@/components/load-state';
import { Badge } from '@/components/ui/badge';
import { amountColumn, DataTable, oneLineColumn } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { useFormat } from '@/lib/format';
import { percentText } from '@/lib/percent';

type AgentLink = z.infer<typeof SuperAgentAgentLink>;

/**
 * My Agents (product/screens.md#my-agents-tab): Agent (username and contact), Your Rate (the spec's Commission
 * Rate: this agreement's share of the agent's base), Virtual Coins, Agent's Fees (the spec's Total Earnings: the
 * agent's own fees of all time, not the super agent's earnings; decision 066), Joined (the agreement's start). A
 * phone shows one card per agent (the shared Table folds below md).
 */
export function AgentsTab({ agents }: { agents: UseQueryResult<AgentLink[]> }) {
  const { t } = useTranslation();
  const format = useFormat();
  const col = (key: 'agent' | 'commissionRate' | 'virtualCoins' | 'totalEarnings' | 'joined') =>
    t(`superAgentDashboard.agents.${key}`);

  if (agents.isPending) return <Loading label={t('superAgentDashboard.agents.loading')} />;
  if (agents.isError) {
    return <QueryError title={t('superAgentDashboard.agents.loadFailed')} query={agents} />;
  }
  if (agents.data.length === 0) {
    return (
      <EmptyState
        icon={Users}
        title={t('superAgentDashboard.agents.empty')}
        description={t('superAgentDashboard.agents.emptyBody')}
      />
    );
  }

  return (
    <DataTable
      caption={t('superAgentDashboard.agents.caption')}
      rows={agents.data}
      rowKey={(link) => link.id}
      rowLabel={(link) => link.agentId.username}
      columns={[
        {
          name: col('agent'),
          part: 'title',
          cell: ({ agentId: agent }) => (
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
                <span className="truncate">{agent.username}</span>
                {!agent.isActive && (
                  <Badge className="whitespace-nowrap">{t('superAgentDashboard.agents.inactive')}</Badge>
                )}
              </p>
              <p className="text-xs text-ink-muted">
                {agent.contact ?? (
                  <span className="text-ink-subtle">{t('superAgentDashboard.agents.noContact')}</span>
                )}
              </p>
            </div>
          ),
        },
        {
          name: col('commissionRate'),
          numeric: true,
          cell: (link) => percentText(link.superAgentCommissionRate, format.number),
        },
        {
          name: col('virtualCoins'),
          numeric: true,
          cell: ({ agentId: agent }) =>
            agent.financialModel === 'virtual-coin' ? (
              format.number(agent.virtualCoins)
            ) : (
              <span className="text-ink-subtle">{t('superAgentDashboard.agents.commissionShare')}</span>
            ),
        },
        amountColumn<AgentLink>(col('totalEarnings'), ({ agentId: agent }) =>
          format.etb(agent.totalEarnings),
        ),
        oneLineColumn<AgentLink>(col('joined'), (link) => format.date(link.effectiveFrom)),
      ]}
    />
  );
}
