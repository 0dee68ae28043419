import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSystemCartelas } from '@/api/cartelas';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AgentsTab } from './agents-tab';
import { CartelasPanel } from './cartelas-panel';

export type AdminTab = 'agents' | 'cartelas';

/** The system set 1-300: the cards games are validated against, with their winning patterns. */
function SystemCartelasTab() {
  const { t } = useTranslation();
  const cartelas = useSystemCartelas();
  return (
    <CartelasPanel
      list={cartelas}
      loadFailed={t('agents.cartelas.loadFailed')}
      emptyTitle={t('agents.cartelas.empty')}
      emptyBody={t('agents.cartelas.emptyBody')}
      patternsOf={(c) => c.winningPatterns}
    />
  );
}

/**
 * /agents for the admin, under the page's title: tabs Agents (default) and Cartelas
 * (product/screens.md#agents-and-cartelas).
 */
export function AdminView({ tab }: { tab: AdminTab }) {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  return (
    <Tabs
      value={tab}
      // The tab is in the address (a reload keeps it); switching does not pile up history entries.
      onValueChange={(value) => setParams(value === 'cartelas' ? { tab: 'cartelas' } : {}, { replace: true })}
    >
      <TabsList aria-label={t('agents.tabs.label')}>
        <TabsTrigger value="agents">{t('agents.tabs.agents')}</TabsTrigger>
        <TabsTrigger value="cartelas">{t('agents.tabs.cartelas')}</TabsTrigger>
      </TabsList>
      <TabsContent value="agents">
        <AgentsTab />
      </TabsContent>
      <TabsContent value="cartelas">
        <SystemCartelasTab />
      </TabsContent>
    </Tabs>
  );
}
