import '../i18n';
import type { SuperAgent } from '@cartela/contract';
import { History, Plus, UserCog, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAgreements, useSuperAgents } from '@/api/super-agents';
import { Loading, QueryError } from '@/components/load-state';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { Select } from '@/components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AgreementsTable } from '../components/agreements-table';
import { AssignAgentDialog } from '../components/assign-agent-dialog';
import { EarningsDialog } from '../components/earnings-dialog';
import { SuperAgentDialog } from '../components/super-agent-dialog';
import { SuperAgentsTable } from '../components/super-agents-table';

type Open =
  | { kind: 'create' }
  | { kind: 'edit'; superAgent: SuperAgent }
  | { kind: 'assign'; superAgentId?: string }
  | { kind: 'earnings'; superAgent: SuperAgent }
  | null;

type Tab = 'super-agents' | 'assignments';

function SuperAgentsPanel({ onOpen }: { onOpen: (open: Open) => void }) {
  const { t } = useTranslation();
  const superAgents = useSuperAgents();
  if (superAgents.isPending) return <Loading label={t('superAgents.list.loading')} />;
  if (superAgents.isError) return <QueryError title={t('superAgents.list.loadFailed')} query={superAgents} />;
  if (superAgents.data.length === 0) {
    return (
      <EmptyState
        icon={UserCog}
        title={t('superAgents.list.emptyTitle')}
        description={t('superAgents.list.emptyBody')}
        action={
          <Button onClick={() => onOpen({ kind: 'create' })} icon={Plus}>
            {t('superAgents.create')}
          </Button>
        }
      />
    );
  }
  return (
    <SuperAgentsTable
      superAgents={superAgents.data}
      onEdit={(superAgent) => onOpen({ kind: 'edit', superAgent })}
      onAssign={(superAgent) => onOpen({ kind: 'assign', superAgentId: superAgent.id })}
      onEarnings={(superAgent) => onOpen({ kind: 'earnings', superAgent })}
    />
  );
}

type Filter = 'all' | 'active' | 'ended';

function AssignmentsPanel({ onOpen }: { onOpen: (open: Open) => void }) {
  const { t } = useTranslation();
  const agreements = useAgreements();
  const [filter, setFilter] = useState<Filter>('all');
  if (agreements.isPending) return <Loading label={t('superAgents.agreements.loading')} />;
  if (agreements.isError)
    return <QueryError title={t('superAgents.agreements.loadFailed')} query={agreements} />;
  if (agreements.data.length === 0) {
    return (
      <EmptyState
        icon={History}
        title={t('superAgents.agreements.emptyTitle')}
        description={t('superAgents.agreements.emptyBody')}
        action={
          <Button onClick={() => onOpen({ kind: 'assign' })} icon={UserPlus}>
            {t('superAgents.assign')}
          </Button>
        }
      />
    );
  }
  // Newest first; among agreements of the same moment the active one leads.
  const rows = agreements.data
    .filter((a) => filter === 'all' || a.isActive === (filter === 'active'))
    .sort(
      (a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom) || Number(b.isActive) - Number(a.isActive),
    );
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-3">
        <Label htmlFor="agreements-filter" className="shrink-0">
          {t('superAgents.agreements.filter')}
        </Label>
        <div className="w-full max-w-56">
          <Select
            id="agreements-filter"
            value={filter}
            onChange={(event) => setFilter(event.target.value as Filter)}
          >
            <option value="all">{t('superAgents.agreements.all')}</option>
            <option value="active">{t('superAgents.agreements.activeOnly')}</option>
            <option value="ended">{t('superAgents.agreements.endedOnly')}</option>
          </Select>
        </div>
      </div>
      {rows.length > 0 ? (
        <AgreementsTable agreements={rows} />
      ) : (
        <p className="rounded-xl border border-dashed border-line-strong bg-surface px-6 py-10 text-center text-ink-muted">
          {t('superAgents.agreements.emptyFiltered')}
        </p>
      )}
    </div>
  );
}

/**
 * /super-agent-management (admin): super agents and the agents assigned to them
 * (product/screens.md#super-agent-management).
 */
export function SuperAgentManagementPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Open>(null);
  // The tab is in the address, so a reload or a shared link keeps it. (useLocation and useNavigate, not
  // useSearchParams: the router sits in the sign-in entry, and every hook a page uses is bundled there.)
  const location = useLocation();
  const navigate = useNavigate();
  const tab: Tab =
    new URLSearchParams(location.search).get('tab') === 'assignments' ? 'assignments' : 'super-agents';
  const close = () => setOpen(null);

  return (
    <>
      <PageHeader
        title={t('superAgents.title')}
        description={t('superAgents.subtitle')}
        actions={
          <>
            <Button variant="outline" onClick={() => setOpen({ kind: 'assign' })} icon={UserPlus}>
              {t('superAgents.assign')}
            </Button>
            <Button onClick={() => setOpen({ kind: 'create' })} icon={Plus}>
              {t('superAgents.create')}
            </Button>
          </>
        }
      />
      <Tabs
        value={tab}
        onValueChange={(value) =>
          void navigate({ search: value === 'assignments' ? '?tab=assignments' : '' }, { replace: true })
        }
      >
        <TabsList aria-label={t('superAgents.tabs.label')}>
          <TabsTrigger value="super-agents" icon={UserCog}>
            {t('superAgents.tabs.superAgents')}
          </TabsTrigger>
          <TabsTrigger value="assignments" icon={History}>
            {t('superAgents.tabs.assignments')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="super-agents">
          <SuperAgentsPanel onOpen={setOpen} />
        </TabsContent>
        <TabsContent value="assignments">
          <AssignmentsPanel onOpen={setOpen} />
        </TabsContent>
      </Tabs>

      {open?.kind === 'create' && <SuperAgentDialog onClose={close} />}
      {open?.kind === 'edit' && <SuperAgentDialog superAgent={open.superAgent} onClose={close} />}
      {open?.kind === 'assign' && <AssignAgentDialog superAgentId={open.superAgentId} onClose={close} />}
      {open?.kind === 'earnings' && <EarningsDialog superAgent={open.superAgent} onClose={close} />}
    </>
  );
}
