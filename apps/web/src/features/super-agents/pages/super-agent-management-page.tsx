import { UserCog } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '@/components/placeholder-page';

export function SuperAgentManagementPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      icon={UserCog}
      title={t('superAgents.title')}
      description={t('superAgents.placeholder')}
    />
  );
}
