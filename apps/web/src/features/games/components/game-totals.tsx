import type { SessionUser } from '@cartela/contract';
import { etbToSantim, gameEconomics, rateToPercent, type Santim, santimToEtb } from '@cartela/core';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { useFormat } from '@/lib/format';
import { usePercent } from '@/lib/percent';

export interface GameTotalsProps {
  /** Stake per player, whole ETB. */
  stake: number;
  players: number;
  user: Pick<SessionUser, 'commissionPercentage' | 'financialModel' | 'virtualCoins'>;
}

/** What the game will be, by core's gameEconomics: the same numbers the server charges and pays. */
export function gameTotals({ stake, players, user }: GameTotalsProps) {
  const economics = gameEconomics({
    stake: etbToSantim(stake),
    players,
    commissionPercent: user.commissionPercentage ?? undefined,
  });
  const virtual = user.financialModel === 'virtual-coin';
  return {
    ...economics,
    virtual,
    coinsLeft: user.virtualCoins - economics.coinCost,
    insufficient: virtual && economics.coinCost > user.virtualCoins,
  };
}

function Row({ label, value, strong = false }: { label: ReactNode; value: ReactNode; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-1.5">
      <dt className={clsx('text-sm', strong ? 'font-semibold text-ink' : 'text-ink-muted')}>{label}</dt>
      <dd
        className={clsx(
          'tabular-nums whitespace-nowrap',
          strong ? 'text-lg font-bold text-ink' : 'font-medium text-ink',
        )}
      >
        {value}
      </dd>
    </div>
  );
}

/**
 * The running totals before Start Game: players, total, the commission (the house cut) and the prize, and for
 * a virtual-coin agent the coins the game costs and those left, with a warning when they are not enough.
 */
export function GameTotals(props: GameTotalsProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const rate = usePercent();
  const totals = gameTotals(props);
  const money = (santim: Santim) => format.etb(santimToEtb(santim));
  const coins = (value: number) =>
    t('games.wizard.totals.coins', { count: value, value: format.number(value) });
  return (
    <section
      aria-labelledby="game-totals"
      className="rounded-xl border border-line bg-surface-muted/60 px-4 py-3"
    >
      <h3 id="game-totals" className="text-sm font-semibold text-ink">
        {t('games.wizard.totals.title')}
      </h3>
      <dl className="mt-1 divide-y divide-line">
        <Row label={t('games.wizard.totals.stake')} value={format.etb(props.stake)} />
        <Row label={t('games.wizard.totals.players')} value={format.number(props.players)} />
        <Row label={t('games.wizard.totals.total')} value={money(totals.totalAmount)} />
        <Row
          label={t('games.wizard.totals.commission', { rate: rate(rateToPercent(totals.commissionRate)) })}
          value={money(totals.agentFee)}
        />
        <Row label={t('games.wizard.totals.prize')} value={money(totals.prize)} strong />
        {totals.virtual && (
          <>
            <Row label={t('games.wizard.totals.coinCost')} value={coins(totals.coinCost)} />
            <Row
              label={t('games.wizard.totals.coinsLeft')}
              value={
                <span className={clsx(totals.insufficient && 'text-danger-700')}>
                  {coins(totals.coinsLeft)}
                </span>
              }
            />
          </>
        )}
      </dl>
      {totals.insufficient && (
        <Alert tone="warning" role="status" title={t('games.wizard.insufficient')} className="mt-3">
          {t('games.wizard.totals.insufficientBody', {
            cost: format.number(totals.coinCost),
            coins: format.number(props.user.virtualCoins),
          })}
        </Alert>
      )}
    </section>
  );
}
