import '../i18n';
import { Percent } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';

/** /settings/commission: arrives with the commission issue. */
export function CommissionSettingsPage() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="commission-settings-title">
      <h2 id="commission-settings-title" className="mb-4 text-lg font-semibold text-ink">
        {t('settings.commissionNav')}
      </h2>
      <EmptyState
        icon={Percent}
        title={<Badge tone="brand">{t('common.comingSoon')}</Badge>}
        description={`${t('settings.commissionPlaceholder')} ${t('common.comingSoonLine')}`}
      />
    </section>
  );
}
