import { Scale } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '@/components/placeholder-page';

export function BalancePage() {
  const { t } = useTranslation();
  return <PlaceholderPage icon={Scale} title={t('balance.title')} description={t('balance.placeholder')} />;
}
