import { ballLabel, letterOf, NUMBER_MAX } from '@cartela/core';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format';
import { ballColour, RECENT_CALLS } from '../utils';

/** The last ball, huge, rolling in for 2 s when it is new (product/screens.md#room-moments). */
export function CurrentBall({ ball, rolling }: { ball: number | null; rolling: boolean }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('room.currentBall')} className="flex flex-col items-center gap-2">
      <h2 className="text-sm font-semibold tracking-wide text-ink-muted uppercase">
        {t('room.currentBall')}
      </h2>
      <div
        role="status"
        aria-live="polite"
        // Keyed by the ball, so each new ball restarts the rolling animation.
        key={ball ?? 'none'}
        className={clsx(
          'cartela-ball flex aspect-square flex-col items-center justify-center rounded-full font-black shadow-raised ring-[0.08em] ring-white/70',
          ball === null ? 'bg-surface-muted text-ink-subtle' : ballColour(ball),
          rolling && 'cartela-roll',
        )}
        data-rolling={rolling || undefined}
      >
        {ball === null ? (
          <span className="px-4 text-center text-base font-semibold">{t('room.noBall')}</span>
        ) : (
          <>
            <span className="sr-only">{ballLabel(ball)}</span>
            <span aria-hidden="true" className="text-[0.4em] leading-none">
              {letterOf(ball)}
            </span>
            <span aria-hidden="true" className="leading-none tabular-nums">
              {ball}
            </span>
          </>
        )}
      </div>
    </section>
  );
}

/** The last five calls before the current one, newest first. */
export function RecentCalls({ called }: { called: readonly number[] }) {
  const { t } = useTranslation();
  const recent = called.slice(-RECENT_CALLS - 1, -1).reverse();
  return (
    <section aria-label={t('room.recentCalls')} className="space-y-2">
      <h2 className="text-sm font-semibold tracking-wide text-ink-muted uppercase">
        {t('room.recentCalls')}
      </h2>
      {recent.length === 0 ? (
        <p className="text-sm text-ink-subtle">{t('room.noRecent')}</p>
      ) : (
        <ol className="cartela-recent flex flex-wrap gap-[0.35em]">
          {recent.map((n) => (
            <li
              key={n}
              className={clsx(
                'flex h-[2em] min-w-[3.2em] items-center justify-center rounded-full px-[0.5em] font-extrabold tabular-nums',
                ballColour(n),
              )}
            >
              {ballLabel(n)}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Calls so far (of 75) and players. */
export function Counters({ calls, players }: { calls: number; players: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <dl className="grid grid-cols-3 gap-2 text-center">
      {[
        [t('room.calls'), `${format.number(calls)}/${NUMBER_MAX}`],
        [t('room.remaining'), format.number(NUMBER_MAX - calls)],
        [t('room.playersCounter'), format.number(players)],
      ].map(([label, value]) => (
        <div key={label} className="rounded-xl bg-surface px-2 py-2 shadow-card">
          <dt className="text-xs font-medium text-ink-muted">{label}</dt>
          <dd className="text-[clamp(1.25rem,2.2vw,3rem)] font-bold text-ink tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
