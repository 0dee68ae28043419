import type { SessionUser } from '@cartela/contract';
import { Coins, Handshake } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useFormat } from '@/lib/format';
import { percentText } from '@/lib/percent';
import { isOneSixth } from './financial-model';

/** How the agent pays the house: virtual coins per game, or a share of its commission (spec 00). */
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
  const Icon = coins ? Coins : Handshake;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3 space-y-0">
        <CardTitle>{t('settings.commission.modelTitle')}</CardTitle>
        <Badge tone={coins ? 'coin' : 'brand'}>
          {coins ? t('settings.commission.virtualCoin') : t('settings.commission.commissionShare')}
        </Badge>
      </CardHeader>
      <CardContent className="flex items-start gap-4">
        <span
          className={
            coins
              ? 'flex size-11 shrink-0 items-center justify-center rounded-xl bg-coin-50 text-coin-800'
              : 'flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600'
          }
        >
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <p className="font-semibold text-ink">
            {coins ? t('settings.commission.virtualCoinInfo') : shareText}
          </p>
          <p className="mt-1 text-sm text-ink-muted">
            {coins ? t('settings.commission.virtualCoinDetail') : t('settings.commission.shareDetail')}
          </p>
        </div>
      </CardContent>
    </Card>
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
