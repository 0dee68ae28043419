import '../i18n';
import { useTranslation } from 'react-i18next';
import { useCommissionSettings } from '@/api/commission';
import { PageHeader } from '@/components/ui/page-header';
import { GenerateDailyCard } from '../components/generate-daily-card';
import { PaymentsSection } from '../components/payments-section';
import { SettingsPanel } from '../components/settings-panel';
import { SummarySection } from '../components/summary-section';
import { useLoadFailureToast } from '../utils/load-failure';

/**
 * /commission (admin, product/screens.md#commission-management; decision 053 section 4): the summary of a period,
 * the per-agent rates, Generate Daily, and the payments with their filters and Mark Paid / Mark Pending.
 */
export function CommissionPage() {
  const { t } = useTranslation();
  // The rates panel lists them, and the payments' agent filter offers them.
  const settings = useCommissionSettings();
  useLoadFailureToast(settings.error, settings.errorUpdatedAt);

  return (
    <>
      <PageHeader title={t('commission.title')} description={t('commission.subtitle')} />
      <div className="space-y-8">
        <SummarySection />
        <div className="grid items-start gap-6 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <SettingsPanel settings={settings} />
          </div>
          <GenerateDailyCard />
        </div>
        <PaymentsSection agents={settings.data ?? []} />
      </div>
    </>
  );
}
