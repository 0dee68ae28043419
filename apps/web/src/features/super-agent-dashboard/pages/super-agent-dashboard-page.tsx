import '../i18n';
import type { EarningsPeriod } from '@cartela/contract';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMyAgents, useMyEarnings, useOverview } from '@/api/super-agent-dashboard';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useFormat } from '@/lib/format';
import { percentText } from '@/lib/percent';
import { useSession } from '@/lib/session';
import { AgentsTab } from '../components/agents-tab';
import { EarningsTab } from '../components/earnings-tab';
import { OverviewTab } from '../components/overview-tab';

/**
 * /super-agent-dashboard (product/screens.md#super-agent-dashboard): a greeting, the platform commission rate,
 * Refresh Data, and the tabs Overview, My Agents and Earnings. The page holds the three calls, so Refresh Data
 * reaches all of them whichever tab is open, and a tab shows at once what was already loaded.
 */
export function SuperAgentDashboardPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const { user } = useSession();
  const [period, setPeriod] = useState<EarningsPeriod>('month');
  const overview = useOverview();
  const agents = useMyAgents();
  const earnings = useMyEarnings(period);
  const [refreshing, setRefreshing] = useState(false);
  if (!user) return null;

  // The overview's rate; the profile's when the overview is not there (product/screens.md#super-agent-dashboard).
  const platformRate = overview.data?.platformCommissionRate ?? user.platformCommissionRate;

  async function refresh() {
    setRefreshing(true);
    try {
      // Each failure shows in its own tab; refetch() does not throw.
      await Promise.all([overview.refetch(), agents.refetch(), earnings.refetch()]);
    } finally {
      setRefreshing(false);
    }
  }

  return (
    <>
      <PageHeader
        title={t('superAgentDashboard.title')}
        description={
          <>
            <span className="block">{t('superAgentDashboard.welcome', { name: user.username })}</span>
            {platformRate !== null && (
              <span className="mt-2 inline-flex rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 ring-inset">
                {t('superAgentDashboard.platformRate', { rate: percentText(platformRate, format.number) })}
              </span>
            )}
          </>
        }
        actions={
          <Button variant="outline" onClick={() => void refresh()} loading={refreshing} icon={RefreshCw}>
            {refreshing ? t('superAgentDashboard.refreshing') : t('superAgentDashboard.refresh')}
          </Button>
        }
      />
      <Tabs defaultValue="overview">
        <TabsList aria-label={t('superAgentDashboard.tabs.label')}>
          <TabsTrigger value="overview">{t('superAgentDashboard.tabs.overview')}</TabsTrigger>
          <TabsTrigger value="agents">{t('superAgentDashboard.tabs.agents')}</TabsTrigger>
          <TabsTrigger value="earnings">{t('superAgentDashboard.tabs.earnings')}</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab overview={overview} user={user} agentsCount={agents.data?.length} />
        </TabsContent>
        <TabsContent value="agents">
          <AgentsTab agents={agents} />
        </TabsContent>
        <TabsContent value="earnings">
          <EarningsTab period={period} onPeriod={setPeriod} earnings={earnings} />
        </TabsContent>
      </Tabs>
    </>
  );
}
