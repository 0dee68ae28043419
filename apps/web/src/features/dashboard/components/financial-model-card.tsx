import type { AgentStatsResponse } from '@cartela/contract';
import { useTranslation } from 'react-i18next';
import { FinancialModelShell } from '@/components/financial-model-shell';
import { isOneSixth } from '@/lib/percent';
import { useDisplay } from '../utils/display';

type ModelFigures = Pick<
  AgentStatsResponse,
  'financialModel' | 'virtualCoins' | 'systemCommissionShare' | 'commissionPercentage'
>;

/**
 * How the agent pays the house (product/screens.md#agent-dashboard): coins for each game, with the balance; or a
 * share of its commission, as the fraction the spec words it in (1/6th) or as a percentage.
 */
export function FinancialModelCard({ stats }: { stats: ModelFigures }) {
  const { t } = useTranslation();
  const display = useDisplay();
  const coins = stats.financialModel === 'virtual-coin';
  const share = stats.systemCommissionShare;
  return (
    <FinancialModelShell
      coins={coins}
      title={t('dashboard.model.title')}
      model={coins ? t('dashboard.model.virtualCoin') : t('dashboard.model.commissionShare')}
      className="h-full"
    >
      <div className="min-w-0 space-y-2">
        <p className="font-semibold text-ink">
          {coins
            ? t('dashboard.model.virtualCoinInfo')
            : isOneSixth(share)
              ? t('dashboard.model.shareOneSixth')
              : t('dashboard.model.sharePercent', { share: display.rate(share) })}
        </p>
        {coins && (
          // One text, not a figure of its own: the menu's coin count stays the only '1,000 coins' on screen.
          <p className="text-sm font-medium text-ink tabular-nums">
            {t('dashboard.model.balance', {
              coins: t('dashboard.model.coins', {
                count: stats.virtualCoins,
                value: display.number(stats.virtualCoins),
              }),
            })}
          </p>
        )}
        <p className="text-sm text-ink-muted">
          {t('dashboard.model.commission', { rate: display.rate(stats.commissionPercentage) })}
        </p>
      </div>
    </FinancialModelShell>
  );
}
