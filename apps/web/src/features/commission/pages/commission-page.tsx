import { Percent } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '@/components/placeholder-page';

export function CommissionPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage icon={Percent} title={t('commission.title')} description={t('commission.placeholder')} />
  );
}
