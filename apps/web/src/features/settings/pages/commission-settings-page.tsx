import '../i18n';
import { Percent } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { useSession } from '@/lib/session';
import { CommissionCard } from '../components/commission-card';
import { CoinBalanceCard, FinancialModelCard } from '../components/financial-model-card';

/**
 * /settings/commission (product/screens.md#commission-settings): the agent's own commission percentage, its
 * financial model and its coin balance. The session is re-read when the page opens, so the coins are the current
 * count.
 */
export function CommissionSettingsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;
  const agent = user.role === 'agent' && user.commissionPercentage !== null;

  return (
    <section aria-labelledby="commission-settings-title" className="space-y-6">
      <h2 id="commission-settings-title" className="sr-only">
        {t('settings.commissionNav')}
      </h2>
      {agent ? (
        <>
          {/* Re-mount when the saved value or the minimum changes, so the form starts from them. */}
          <CommissionCard key={`${user.commissionPercentage}:${user.minCommissionPercentage}`} user={user} />
          <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_18rem]">
            <FinancialModelCard user={user} />
            <CoinBalanceCard user={user} />
          </div>
        </>
      ) : (
        <EmptyState
          icon={Percent}
          title={t('settings.commission.notApplicableTitle')}
          description={t('settings.commission.notApplicableBody')}
        />
      )}
    </section>
  );
}
