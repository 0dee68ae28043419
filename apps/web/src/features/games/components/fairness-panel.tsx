import type { GameDetail } from '@cartela/contract';
import { ballLabel } from '@cartela/core';
import { clsx } from 'clsx';
import { Check, Lock, ShieldCheck, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useFormat } from '@/lib/format';
import { SHUFFLES_KEEP_ORDER_SINCE } from '../utils/display';
import { type CallCheck, type Verification, verifyRecordedGame } from '../utils/verify';

type FairGame = Pick<GameDetail, 'drawCommitment' | 'drawSeed' | 'calledNumbers' | 'shuffles'>;

function Hex({ label, value }: { label: string; value: string }) {
  return (
    <div className="space-y-1">
      <dt className="text-sm font-medium text-ink">{label}</dt>
      <dd className="rounded-lg bg-surface-muted px-3 py-2 font-mono text-xs break-all text-ink">{value}</dd>
    </div>
  );
}

function CallResult({ check }: { check: CallCheck }) {
  const { t } = useTranslation();
  const ball = ballLabel(check.number);
  const label =
    check.status === 'ok'
      ? t('games.history.fairness.callOk', { index: check.index, ball })
      : check.status === 'mismatch'
        ? t('games.history.fairness.callBad', {
            index: check.index,
            ball,
            expected: check.expected === null ? '?' : ballLabel(check.expected),
          })
        : t('games.history.fairness.callUnchecked', { index: check.index, ball });
  return (
    <li
      aria-label={label}
      title={label}
      className={clsx(
        'flex items-center justify-between gap-1 rounded-md px-2 py-1 text-xs tabular-nums',
        check.status === 'ok' && 'bg-success-50 text-success-700',
        check.status === 'mismatch' && 'bg-danger-50 font-bold text-danger-700 ring-2 ring-danger-600',
        check.status === 'unchecked' && 'bg-surface-muted text-ink-subtle',
      )}
    >
      <span className="text-[0.65rem] opacity-75">{check.index}</span>
      <span className="font-semibold">{check.number}</span>
      {check.status === 'ok' && <Check className="size-3.5" aria-hidden="true" />}
      {check.status === 'mismatch' && <X className="size-3.5" aria-hidden="true" />}
      {check.status === 'unchecked' && <span className="size-3.5" aria-hidden="true" />}
    </li>
  );
}

function Verdict({ result }: { result: Verification }) {
  const { t } = useTranslation();
  const { verdict } = result;
  const ok = verdict.kind === 'ok';
  let text: string;
  if (verdict.kind === 'ok') {
    text =
      result.calls.length === 0
        ? t('games.history.fairness.verdictNoCalls')
        : t('games.history.fairness.verdictOk', { n: result.calls.length });
  } else if (verdict.kind === 'mismatch') {
    text = t('games.history.fairness.verdictMismatch', {
      index: verdict.index,
      actual: ballLabel(verdict.actual),
      expected: ballLabel(verdict.expected),
    });
  } else if (verdict.kind === 'commitment') {
    text = t('games.history.fairness.verdictCommitment');
  } else {
    text = t('games.history.fairness.verdictInvalid', { reason: verdict.reason });
  }
  return <Alert tone={ok ? 'success' : 'danger'} role="status" title={text} className="font-medium" />;
}

/**
 * The provably fair draw (product/draw.md#the-provably-fair-draw): the commitment published at creation, the seed
 * once the game is over, and Verify, which recomputes everything here with packages/core: the seed's SHA-256 against
 * the commitment, then the order the seed gives against the recorded calls, call by call. A shuffle leaves the order
 * as it is; only the shuffles of games recorded before 2026-11-26 reordered it, and the check replays those.
 */
export function FairnessPanel({ game }: { game: FairGame }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [result, setResult] = useState<Verification | null>(null);
  const kept = game.shuffles.filter((s) => !s.reordered).length;
  const replayed = game.shuffles.filter((s) => s.reordered).map((s) => s.afterCalls);
  const shuffles = [
    kept > 0 ? t('games.history.fairness.shufflesKept', { count: kept }) : null,
    replayed.length > 0
      ? t('games.history.fairness.shufflesReplayed', {
          list: replayed.join(', '),
          date: format.date(SHUFFLES_KEEP_ORDER_SINCE),
        })
      : null,
  ].filter((text) => text !== null);
  return (
    <Card>
      <CardHeader>
        <CardTitle icon={ShieldCheck}>{t('games.history.fairness.title')}</CardTitle>
        <CardDescription>{t('games.history.fairness.body')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="space-y-3">
          <Hex label={t('games.history.fairness.commitment')} value={game.drawCommitment} />
          {game.drawSeed ? (
            <Hex label={t('games.history.fairness.seed')} value={game.drawSeed} />
          ) : (
            <div className="space-y-1">
              <dt className="text-sm font-medium text-ink">{t('games.history.fairness.seed')}</dt>
              <dd className="flex items-center gap-2 rounded-lg bg-surface-muted px-3 py-2 text-sm text-ink-muted">
                <Lock className="size-4" aria-hidden="true" />
                {t('games.history.fairness.seedHidden')}
              </dd>
            </div>
          )}
          <div className="flex items-baseline justify-between gap-4">
            <dt className="shrink-0 text-sm font-medium text-ink">{t('games.history.fairness.shuffles')}</dt>
            <dd className="space-y-0.5 text-right text-sm text-ink-muted">
              {shuffles.length > 0
                ? shuffles.map((text) => <p key={text}>{text}</p>)
                : t('games.history.fairness.noShuffles')}
            </dd>
          </div>
        </dl>

        {game.drawSeed && (
          <Button
            variant={result ? 'outline' : 'primary'}
            onClick={() => setResult(verifyRecordedGame(game))}
            icon={ShieldCheck}
          >
            {result ? t('games.history.fairness.verifyAgain') : t('games.history.fairness.verify')}
          </Button>
        )}

        {result && (
          <div className="space-y-4">
            <Verdict result={result} />
            {result.computed && (
              <div className="space-y-1">
                <p className="text-sm font-medium text-ink">{t('games.history.fairness.computed')}</p>
                <p
                  className={clsx(
                    'flex items-start gap-2 rounded-lg px-3 py-2 font-mono text-xs break-all',
                    result.commitmentMatches
                      ? 'bg-success-50 text-success-700'
                      : 'bg-danger-50 text-danger-700',
                  )}
                >
                  {result.commitmentMatches ? (
                    <Check className="mt-px size-4 shrink-0" aria-hidden="true" />
                  ) : (
                    <X className="mt-px size-4 shrink-0" aria-hidden="true" />
                  )}
                  <span>{result.computed}</span>
                </p>
                <p className="text-xs text-ink-muted">
                  {result.commitmentMatches
                    ? t('games.history.fairness.commitmentOk')
                    : t('games.history.fairness.commitmentBad')}
                </p>
              </div>
            )}
            {result.calls.length > 0 && (
              <div className="space-y-2">
                <p className="text-sm font-medium text-ink">{t('games.history.fairness.calls')}</p>
                <ol
                  aria-label={t('games.history.fairness.calls')}
                  className="grid grid-cols-[repeat(auto-fill,minmax(4.5rem,1fr))] gap-1.5"
                >
                  {result.calls.map((check) => (
                    <CallResult key={check.index} check={check} />
                  ))}
                </ol>
                {result.mismatch && (
                  <p className="text-xs text-ink-muted">{t('games.history.fairness.stopped')}</p>
                )}
              </div>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
