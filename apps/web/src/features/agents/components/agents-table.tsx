import type { Agent } from '@cartela/contract';
import { clsx } from 'clsx';
import { Coins, LayoutGrid, Pencil, Power, PowerOff, ReceiptText, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ActiveBadge } from '@/components/ui/status-badge';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@/components/ui/table';
import { useFormat } from '@/lib/format';
import { usePercent } from '@/lib/percent';

export type AgentAction = 'toggle' | 'addCoins' | 'coins' | 'edit' | 'cartelas' | 'delete';

export interface AgentsTableProps {
  agents: readonly Agent[];
  onAction: (action: AgentAction, agent: Agent) => void;
  /** The agent whose activation is being saved (its button shows the progress). */
  togglingId: string | null;
}

function ActionButton({
  label,
  icon,
  onClick,
  tone = 'outline',
  loading = false,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  tone?: 'outline' | 'danger-outline';
  loading?: boolean;
}) {
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={onClick}
      loading={loading}
      title={label}
      className={clsx(
        'xl:w-9 xl:px-0',
        tone === 'danger-outline' && 'text-danger-700 hover:bg-danger-50 hover:text-danger-700',
      )}
    >
      {!loading && icon}
      <span className="xl:sr-only">{label}</span>
    </Button>
  );
}

/**
 * The admin's agents (product/screens.md#agents-table): agent, contact, financial model, super agent, virtual
 * coins, total earnings, status and actions. A phone shows one card per agent (the shared Table folds below md);
 * from xl the actions shrink to icons with their names as tooltips.
 */
export function AgentsTable({ agents, onAction, togglingId }: AgentsTableProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const rate = usePercent();
  const col = (key: string) => t(`agents.list.columns.${key}` as 'agents.list.columns.agent');

  return (
    <Table caption={t('agents.list.caption')}>
      <TableHead>
        <tr>
          <TableHeaderCell>{col('agent')}</TableHeaderCell>
          <TableHeaderCell>{col('contact')}</TableHeaderCell>
          <TableHeaderCell>{col('model')}</TableHeaderCell>
          <TableHeaderCell>{col('superAgent')}</TableHeaderCell>
          <TableHeaderCell className="text-right">{col('coins')}</TableHeaderCell>
          <TableHeaderCell className="text-right">{col('earnings')}</TableHeaderCell>
          <TableHeaderCell>{col('status')}</TableHeaderCell>
          <TableHeaderCell>
            <span className="sr-only xl:not-sr-only">{col('actions')}</span>
          </TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {agents.map((agent) => {
          const virtual = agent.financialModel === 'virtual-coin';
          return (
            <TableRow key={agent.id} aria-label={agent.username}>
              <TableCell part="title">
                <div className="min-w-0">
                  <p className="truncate font-semibold text-ink">{agent.username}</p>
                  <p className="text-xs text-ink-muted">
                    {t('agents.list.cartelaCount', { count: agent.assignedCartelas })}
                  </p>
                </div>
              </TableCell>
              <TableCell label={col('contact')}>
                {agent.contact ?? <span className="text-ink-subtle">{t('agents.list.noContact')}</span>}
              </TableCell>
              <TableCell label={col('model')}>
                <span className="inline-flex flex-col items-end gap-0.5 md:items-start">
                  <Badge tone={virtual ? 'coin' : 'brand'}>
                    {t(`agents.models.${agent.financialModel}`)}
                  </Badge>
                  <span className="text-xs text-ink-muted">
                    {virtual
                      ? t('agents.list.commission', { rate: rate(agent.commissionPercentage) })
                      : t('agents.list.commissionShare', {
                          rate: rate(agent.commissionPercentage),
                          share: rate(agent.systemCommissionShare),
                        })}
                  </span>
                </span>
              </TableCell>
              <TableCell label={col('superAgent')}>
                {agent.superAgent ? (
                  <span className="inline-flex flex-col items-end md:items-start">
                    <span className="font-medium text-ink">{agent.superAgent.superAgentUsername}</span>
                    <span className="text-xs text-ink-muted">
                      {t('agents.list.superAgentRate', {
                        rate: rate(agent.superAgent.superAgentCommissionRate),
                      })}
                    </span>
                  </span>
                ) : (
                  <span className="text-ink-subtle">{t('agents.list.noSuperAgent')}</span>
                )}
              </TableCell>
              <TableCell label={col('coins')} className="tabular-nums md:text-right">
                {virtual ? (
                  <span className="font-semibold text-ink">{format.number(agent.virtualCoins)}</span>
                ) : (
                  <span className="text-ink-subtle">{t('agents.list.notApplicable')}</span>
                )}
              </TableCell>
              <TableCell label={col('earnings')} className="tabular-nums whitespace-nowrap md:text-right">
                {format.etb(agent.totalEarnings)}
              </TableCell>
              <TableCell label={col('status')}>
                <ActiveBadge active={agent.isActive} texts="agents.list" />
              </TableCell>
              <TableCell part="actions">
                <div className="flex flex-wrap gap-2 max-md:w-full xl:flex-nowrap xl:gap-1.5">
                  {virtual && (
                    <ActionButton
                      label={t('agents.actions.addCoins')}
                      icon={<Coins className="size-4" aria-hidden="true" />}
                      onClick={() => onAction('addCoins', agent)}
                    />
                  )}
                  {virtual && (
                    <ActionButton
                      label={t('agents.actions.coinStatement')}
                      icon={<ReceiptText className="size-4" aria-hidden="true" />}
                      onClick={() => onAction('coins', agent)}
                    />
                  )}
                  <ActionButton
                    label={t('agents.actions.cartelas')}
                    icon={<LayoutGrid className="size-4" aria-hidden="true" />}
                    onClick={() => onAction('cartelas', agent)}
                  />
                  <ActionButton
                    label={t('agents.actions.edit')}
                    icon={<Pencil className="size-4" aria-hidden="true" />}
                    onClick={() => onAction('edit', agent)}
                  />
                  <ActionButton
                    label={agent.isActive ? t('agents.actions.deactivate') : t('agents.actions.activate')}
                    icon={
                      agent.isActive ? (
                        <PowerOff className="size-4" aria-hidden="true" />
                      ) : (
                        <Power className="size-4" aria-hidden="true" />
                      )
                    }
                    loading={togglingId === agent.id}
                    onClick={() => onAction('toggle', agent)}
                  />
                  <ActionButton
                    label={t('agents.actions.delete')}
                    tone="danger-outline"
                    icon={<Trash2 className="size-4" aria-hidden="true" />}
                    onClick={() => onAction('delete', agent)}
                  />
                </div>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
