import type { Agent } from '@cartela/contract';
import { Plus, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAgents, useDeleteAgent, useUpdateAgent } from '@/api/agents';
import { QueryState, useFailureToast } from '@/components/load-state';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { SearchInput } from '@/components/ui/input';
import { i18n } from '@/i18n';
import { errorText } from '@/lib/errors';
import { paths } from '@/lib/paths';
import { notify } from '@/lib/toast';
import { agentsLinks } from '../utils/links';
import { AddCoinsDialog } from './add-coins-dialog';
import { type AgentAction, AgentsTable } from './agents-table';
import { CreateAgentDialog } from './create-agent-dialog';
import { EditAgentDialog } from './edit-agent-dialog';

type Open = { kind: 'create' } | { kind: 'addCoins' | 'edit' | 'delete' | 'deactivate'; agent: Agent } | null;

const matches = (agent: Agent, needle: string) =>
  [agent.username, agent.contact ?? '', agent.superAgent?.superAgentUsername ?? ''].some((text) =>
    text.toLowerCase().includes(needle),
  );

/** The admin's Agents tab: search, Create Agent, the table, and each row's actions. */
export function AgentsTab() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const agents = useAgents();
  const update = useUpdateAgent();
  const remove = useDeleteAgent();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  useFailureToast(agents.error, agents.errorUpdatedAt, t('agents.list.loadFailed'));

  const needle = query.trim().toLowerCase();
  const all = agents.data ?? [];
  const shown = needle ? all.filter((a) => matches(a, needle)) : all;

  async function setActive(agent: Agent, isActive: boolean) {
    try {
      await update.mutateAsync({ id: agent.id, body: { isActive } });
      notify.success(isActive ? t('agents.actions.activated') : t('agents.actions.deactivated'));
      close();
    } catch (error) {
      notify.error(errorText(error, i18n.t('agents.form.updateFailed')));
    }
  }

  async function deleteAgent(agent: Agent) {
    try {
      await remove.mutateAsync(agent.id);
      notify.success(t('agents.actions.deleted'));
      close();
    } catch (error) {
      notify.error(errorText(error, i18n.t('agents.actions.deleteFailed')));
    }
  }

  function onAction(action: AgentAction, agent: Agent) {
    if (action === 'cartelas') void navigate(agentsLinks.editor(agent.id));
    else if (action === 'coins') void navigate(paths.agentCoins(agent.id));
    else if (action === 'toggle') {
      // Deactivating signs the agent out at once, perhaps mid-game: ask first. Activating is harmless.
      if (agent.isActive) setOpen({ kind: 'deactivate', agent });
      else void setActive(agent, true);
    } else setOpen({ kind: action, agent });
  }

  const togglingId =
    update.isPending && update.variables && 'isActive' in update.variables.body ? update.variables.id : null;

  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <SearchInput
          label={t('agents.list.search')}
          className="min-w-56 flex-1 sm:max-w-sm"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <Button className="sm:ml-auto" onClick={() => setOpen({ kind: 'create' })} icon={Plus}>
          {t('agents.list.create')}
        </Button>
      </div>

      {agents.data && all.length > 0 && (
        <p className="text-sm text-ink-muted" aria-live="polite">
          {t('agents.list.showing', { shown: shown.length, count: all.length })}
        </p>
      )}
      <QueryState query={agents} loading={t('agents.list.loading')} failed={t('agents.list.loadFailed')} />
      {agents.data && all.length === 0 && (
        <EmptyState
          icon={Users}
          title={t('agents.list.empty')}
          description={t('agents.list.emptyBody')}
          action={
            <Button onClick={() => setOpen({ kind: 'create' })} icon={Plus}>
              {t('agents.list.create')}
            </Button>
          }
        />
      )}
      {all.length > 0 && shown.length === 0 && (
        <p className="py-8 text-center text-sm text-ink-muted">
          {t('agents.list.noMatch', { query: query.trim() })}
        </p>
      )}
      {shown.length > 0 && <AgentsTable agents={shown} onAction={onAction} togglingId={togglingId} />}

      {open?.kind === 'create' && <CreateAgentDialog onClose={close} />}
      {open?.kind === 'edit' && <EditAgentDialog agent={open.agent} onClose={close} />}
      {open?.kind === 'addCoins' && <AddCoinsDialog agent={open.agent} onClose={close} />}
      {open?.kind === 'deactivate' && (
        <ConfirmDialog
          open
          onOpenChange={(isOpen) => !isOpen && !update.isPending && close()}
          title={t('agents.actions.deactivateTitle', { name: open.agent.username })}
          description={t('agents.actions.deactivateBody')}
          confirmLabel={t('agents.actions.deactivate')}
          tone="danger"
          loading={update.isPending}
          onConfirm={() => void setActive(open.agent, false)}
        />
      )}
      {open?.kind === 'delete' && (
        <ConfirmDialog
          open
          onOpenChange={(isOpen) => !isOpen && !remove.isPending && close()}
          title={t('agents.actions.deleteTitle', { name: open.agent.username })}
          description={t('agents.actions.deleteBody')}
          confirmLabel={t('agents.actions.delete')}
          tone="danger"
          loading={remove.isPending}
          onConfirm={() => void deleteAgent(open.agent)}
        />
      )}
    </section>
  );
}
