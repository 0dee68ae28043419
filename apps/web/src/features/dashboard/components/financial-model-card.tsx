import type { AgentStatsResponse } from '@cartela/contract';
import { Coins, Handshake } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { isOneSixth, useDisplay } from '../utils/display';

type ModelFigures = Pick<
  AgentStatsResponse,
  'financialModel' | 'virtualCoins' | 'systemCommissionShare' | 'commissionPercentage'
>;

/**
 * How the agent pays the house (spec 01 section 2): coins for each game, with the balance; or a share of its
 * commission, as the fraction the spec words it in (1/6th) or as a percentage.
 */
export function FinancialModelCard({ stats }: { stats: ModelFigures }) {
  const { t } = useTranslation();
  const display = useDisplay();
  const coins = stats.financialModel === 'virtual-coin';
  const share = stats.systemCommissionShare;
  const Icon = coins ? Coins : Handshake;
  return (
    <Card className="h-full">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3 space-y-0">
        <CardTitle>{t('dashboard.model.title')}</CardTitle>
        <Badge tone={coins ? 'coin' : 'brand'}>
          {coins ? t('dashboard.model.virtualCoin') : t('dashboard.model.commissionShare')}
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
      </CardContent>
    </Card>
  );
}
