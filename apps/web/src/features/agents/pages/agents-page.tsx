import '../i18n';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Loading } from '@/components/load-state';
import { PageHeader } from '@/components/ui/page-header';
import { useSession } from '@/lib/session';
import { fromRanges } from '../utils/ranges';

// Each view is its own chunk: an agent's phone loads only its view-only list, and the admin's forms and the
// print sheets come when used. This module stays small, so the title shows at once.
const MyCartelas = lazy(async () => ({ default: (await import('../components/my-cartelas')).MyCartelas }));
const AdminView = lazy(async () => ({ default: (await import('../components/admin-view')).AdminView }));
const CartelaEditor = lazy(async () => ({
  default: (await import('../components/cartela-editor')).CartelaEditor,
}));
const PrintView = lazy(async () => ({ default: (await import('../components/print-view')).PrintView }));

/**
 * /agents (product/screens.md#agents-and-cartelas). The admin: tabs Agents and Cartelas, one agent's cartela
 * editor (?agent=id); an agent: its own cartelas, view only. Both: the print preview (?print=1-4,7). See
 * utils/links.ts.
 */
export function AgentsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [params] = useSearchParams();
  if (!user) return null;
  const admin = user.role === 'admin';
  const print = params.get('print');
  const agentId = admin ? params.get('agent') : null;

  let view: ReactNode;
  if (print !== null) view = <PrintView numbers={fromRanges(print)} admin={admin} agentId={agentId} />;
  else if (!admin) view = <MyCartelas />;
  else if (agentId) view = <CartelaEditor key={agentId} agentId={agentId} />;
  else {
    // The title does not wait for the admin's chunk.
    view = (
      <>
        <PageHeader title={t('agents.title')} description={t('agents.subtitle')} />
        <Suspense fallback={<Loading label={t('common.loading')} />}>
          <AdminView tab={params.get('tab') === 'cartelas' ? 'cartelas' : 'agents'} />
        </Suspense>
      </>
    );
  }

  return <Suspense fallback={<Loading label={t('common.loading')} />}>{view}</Suspense>;
}
