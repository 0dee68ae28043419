import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '@/components/placeholder-page';
import { useSession } from '@/lib/session';

/** /agents: the admin manages agents and cartelas; an agent sees only their cartelas (spec 02). */
export function AgentsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const admin = user?.role === 'admin';
  return (
    <PlaceholderPage
      icon={Users}
      title={admin ? t('agents.title') : t('agents.cartelasTitle')}
      description={admin ? t('agents.adminPlaceholder') : t('agents.agentPlaceholder')}
    />
  );
}
