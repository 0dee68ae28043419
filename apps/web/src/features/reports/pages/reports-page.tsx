import { ChartColumn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '@/components/placeholder-page';

/** /reports: the agent's own games. */
export function ReportsPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage icon={ChartColumn} title={t('reports.title')} description={t('reports.placeholder')} />
  );
}

/** /admin/reports: every agent's games. */
export function AdminReportsPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      icon={ChartColumn}
      title={t('reports.adminTitle')}
      description={t('reports.adminPlaceholder')}
    />
  );
}
