import { LayoutDashboard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '@/components/placeholder-page';
import { useSession } from '@/lib/session';

/** /dashboard: the admin view for the admin, the agent view for anyone else (spec 01 section 2). */
export function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (user?.role === 'admin') {
    return (
      <PlaceholderPage
        icon={LayoutDashboard}
        title={t('dashboard.adminTitle')}
        subtitle={t('dashboard.adminSubtitle')}
        description={t('dashboard.adminPlaceholder')}
      />
    );
  }
  return (
    <PlaceholderPage
      icon={LayoutDashboard}
      title={t('dashboard.title')}
      subtitle={t('dashboard.welcome', { name: user?.username ?? '' })}
      description={t('dashboard.agentPlaceholder')}
    />
  );
}
