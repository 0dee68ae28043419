import type { SuperAgentAgentLink } from '@cartela/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { LoadError, Loading } from '@/components/load-state';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@/components/ui/table';
import { useFormat } from '@/lib/format';
import { rateText } from '../utils/display';

type AgentLink = z.infer<typeof SuperAgentAgentLink>;

/**
 * My Agents (spec 01 section 2): Agent (username and contact), Your Rate (the spec's Commission Rate: this
 * agreement's share of the agent's base), Virtual Coins, Agent's Fees (the spec's Total Earnings: the agent's
 * own fees of all time, not the super agent's earnings; decision 066), Joined (the agreement's start). A phone
 * shows one card per agent (the shared Table folds below md).
 */
export function AgentsTab({ agents }: { agents: UseQueryResult<AgentLink[]> }) {
  const { t } = useTranslation();
  const format = useFormat();
  const col = (key: 'agent' | 'commissionRate' | 'virtualCoins' | 'totalEarnings' | 'joined') =>
    t(`superAgentDashboard.agents.${key}`);

  if (agents.isPending) return <Loading label={t('superAgentDashboard.agents.loading')} />;
  if (agents.isError) {
    return (
      <LoadError
        title={t('superAgentDashboard.agents.loadFailed')}
        error={agents.error}
        onRetry={() => void agents.refetch()}
        retrying={agents.isFetching}
      />
    );
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
    <Table caption={t('superAgentDashboard.agents.caption')}>
      <TableHead>
        <tr>
          <TableHeaderCell>{col('agent')}</TableHeaderCell>
          <TableHeaderCell className="text-right">{col('commissionRate')}</TableHeaderCell>
          <TableHeaderCell className="text-right">{col('virtualCoins')}</TableHeaderCell>
          <TableHeaderCell className="text-right">{col('totalEarnings')}</TableHeaderCell>
          <TableHeaderCell>{col('joined')}</TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {agents.data.map((link) => {
          const agent = link.agentId;
          return (
            <TableRow key={link.id} aria-label={agent.username}>
              <TableCell className="max-md:mb-1 max-md:border-b max-md:border-line max-md:pb-2">
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
              </TableCell>
              <TableCell label={col('commissionRate')} className="tabular-nums md:text-right">
                {rateText(link.superAgentCommissionRate, format.number)}
              </TableCell>
              <TableCell label={col('virtualCoins')} className="tabular-nums md:text-right">
                {agent.financialModel === 'virtual-coin' ? (
                  format.number(agent.virtualCoins)
                ) : (
                  <span className="text-ink-subtle">{t('superAgentDashboard.agents.commissionShare')}</span>
                )}
              </TableCell>
              <TableCell
                label={col('totalEarnings')}
                className="tabular-nums whitespace-nowrap md:text-right"
              >
                {format.etb(agent.totalEarnings)}
              </TableCell>
              <TableCell label={col('joined')} className="whitespace-nowrap">
                {format.date(link.effectiveFrom)}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
