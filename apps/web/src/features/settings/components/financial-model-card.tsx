import type { SessionUser } from '@cartela/contract';
import { Coins } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FinancialModelShell } from '@/components/financial-model-shell';
import { Card } from '@/components/ui/card';
import { useFormat } from '@/lib/format';
import { isOneSixth, percentText } from '@/lib/percent';

/**
 * How the agent pays the house: virtual coins per game, or a share of its commission
 * (product/money.md#financial-models).
 */
export function FinancialModelCard({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const format = useFormat();
  const coins = user.financialModel === 'virtual-coin';
  const share = user.systemCommissionShare;
  const shareText =
    share === null || isOneSixth(share)
      ? t('settings.commission.shareOneSixth')
      : t('settings.commission.sharePercent', {
          percent: percentText(share, format.number),
        });
  return (
    <FinancialModelShell
      coins={coins}
      title={t('settings.commission.modelTitle')}
      model={coins ? t('settings.commission.virtualCoin') : t('settings.commission.commissionShare')}
    >
      <div className="min-w-0">
        <p className="font-semibold text-ink">
          {coins ? t('settings.commission.virtualCoinInfo') : shareText}
        </p>
        <p className="mt-1 text-sm text-ink-muted">
          {coins ? t('settings.commission.virtualCoinDetail') : t('settings.commission.shareDetail')}
        </p>
      </div>
    </FinancialModelShell>
  );
}

/** The coin balance; a commission-share agent sees that its model does not use coins. */
export function CoinBalanceCard({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const format = useFormat();
  const coins = user.financialModel === 'virtual-coin';
  return (
    <Card className="p-5 sm:p-6">
      <p className="text-sm text-ink-muted">{t('settings.commission.coinsTitle')}</p>
      <p className="mt-1 flex items-center gap-2 text-3xl font-bold tracking-tight text-ink tabular-nums">
        <Coins className="size-6 text-coin-500" aria-hidden="true" />
        {t('settings.commission.coins', {
          count: user.virtualCoins,
          value: format.number(user.virtualCoins),
        })}
      </p>
      <p className="mt-1 text-sm text-ink-muted">
        {coins ? t('settings.commission.coinsHint') : t('settings.commission.coinsUnused')}
      </p>
    </Card>
  );
}
