import { Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '@/components/placeholder-page';
import { useSession } from '@/lib/session';

export function SuperAgentDashboardPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <PlaceholderPage
      icon={Wallet}
      title={t('superAgentDashboard.title')}
      subtitle={t('dashboard.welcome', { name: user?.username ?? '' })}
      description={t('superAgentDashboard.placeholder')}
    />
  );
}
