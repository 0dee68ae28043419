import { ballLabel, claimFor, type GameState } from '@cartela/core';
import { clsx } from 'clsx';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BingoCard } from '@/components/ui/bingo-card';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, fieldDescriptionId } from '@/components/ui/label';
import { DigitsInput } from '@/components/ui/number-input';
import { type ClaimStory, claimStory } from '@/lib/claim-story';
import { useFormat } from '@/lib/format';
import { prizeShareOf } from '../model/prize-share';
import { usePatternName } from '../utils';
import type { ClaimPin } from './use-room-screen';

/** 'Claim on B-7, ball 21': the ball the claim is judged on, as the agent saw it when the check opened. */
function PinnedBall({ pin }: { pin: ClaimPin }) {
  const { t } = useTranslation();
  return (
    <p className="text-center font-semibold text-ink" data-testid="claim-pin">
      {t('room.check.pin', { ball: ballLabel(pin.ball), call: pin.callCount })}
    </p>
  );
}

/** Why the verdict holds, in the hall's words: 'Completed by this ball', or on which earlier ball. */
export function useClaimStoryText() {
  const { t } = useTranslation();
  return (story: ClaimStory): string | null =>
    story === null
      ? null
      : story.kind === 'completed-here'
        ? t('room.check.completedHere')
        : t('room.check.completedEarlier', { call: story.call, ball: story.ball, claimed: story.claimed });
}

/**
 * Validate (product/screens.md#validation-modal): the claim's ball, the cartela number, the game's pattern, 'Show
 * Bingo Card'. The verdict is core's claimFor, on this device's state: it works offline.
 */
export function ValidateDialog({
  open,
  onOpenChange,
  state,
  pin = null,
  onShow,
  onNotInGame,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  state: GameState;
  /** The ball the claim is judged on (null before the first ball). */
  pin?: ClaimPin | null;
  onShow: (cartelaNumber: number) => void;
  /** A number that is not one of the game's cartelas was asked for (the hall hears it). */
  onNotInGame?: (cartelaNumber: number) => void;
}) {
  const { t } = useTranslation();
  const patternName = usePatternName();
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const n = Number(value);
    if (value.trim() === '' || !Number.isInteger(n) || n < 1) {
      setError(t('room.validate.required'));
      return;
    }
    const found = claimFor(state, n);
    if (!found.ok) {
      if (found.error.code === 'CARTELA_NOT_IN_GAME') onNotInGame?.(n);
      setError(
        found.error.code === 'NO_BALL_CALLED'
          ? t('room.validate.noBall')
          : t('room.validate.notFound', { n }),
      );
      return;
    }
    if (found.claim.reason === 'INVALID_CARD') {
      setError(t('room.validate.invalidCard'));
      return;
    }
    setError(null);
    setValue('');
    onShow(n);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setError(null);
        onOpenChange(next);
      }}
      title={t('room.validate.title')}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {pin && <PinnedBall pin={pin} />}
        <Field id={id} label={t('room.validate.cartela')} error={error}>
          <DigitsInput
            id={id}
            data-autofocus
            value={value}
            onDigits={setValue}
            aria-invalid={!!error || undefined}
            aria-describedby={error ? fieldDescriptionId(id) : undefined}
            className="text-2xl font-bold tabular-nums"
          />
        </Field>
        <p className="text-sm text-ink-muted">
          {t('room.validate.pattern')}:{' '}
          <span className="font-semibold text-ink">{patternName(state.patternId)}</span>
        </p>
        <Button type="submit" size="lg" fullWidth>
          {t('room.validate.show')}
        </Button>
      </form>
    </Dialog>
  );
}

/**
 * The bingo validation modal: the card with its called cells green and the pattern's cells ringed, the claim's
 * ball, the pattern's progress, the verdict and why (completed by this ball, or on which earlier one), and the
 * decision: GOOD BINGO only when core says the card wins (or the agent's own pattern), BLOCK CARTELA otherwise.
 */
export function ValidationModal({
  cartelaNumber,
  state,
  pin = null,
  readOnly,
  busy,
  prize = null,
  onClose,
  onDecide,
}: {
  cartelaNumber: number | null;
  state: GameState;
  /** The ball the claim was raised on; else the state's last ball. */
  pin?: ClaimPin | null;
  readOnly: boolean;
  /** The game's prize in ETB, when known: a win shared with another card on the same ball says its share. */
  prize?: number | null;
  busy: 'good-bingo' | 'block' | null;
  onClose: () => void;
  onDecide: (decision: 'good-bingo' | 'block') => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const storyText = useClaimStoryText();
  // Judged on the state as it is now, which no call changes while the check is open (the room holds calls).
  const found = cartelaNumber === null ? null : claimFor(state, cartelaNumber);
  if (!found?.ok) return null;
  const { cartela, claim: verdict } = found;
  const calls = state.calledNumbers.length;
  const claimBall = pin ?? (verdict.lastBall === null ? null : { ball: verdict.lastBall, callCount: calls });
  const story = claimStory({ reason: verdict.reason, callCount: calls, completedOn: verdict.completedOn });
  // A late claim's card shows the ball that completed it too (dashed), the one the player missed.
  const missed = story?.kind === 'completed-earlier' ? verdict.completedOn?.ball : undefined;
  const n = cartela.cartelaNumber;
  const called = new Set(state.calledNumbers);
  const pattern = new Set((verdict.progress?.cells ?? []).map(([r, c]) => `${r}:${c}`));
  const alreadyWinner = state.winners.some((w) => w.cartelaNumber === n);
  const blocked = state.blocked.includes(n);
  const closed = alreadyWinner || blocked || state.status === 'finished' || state.status === 'cancelled';
  const canGoodBingo = !closed && (verdict.winner || verdict.manual);
  const canBlock = !closed && !verdict.winner;
  const progress = verdict.progress;
  // Decision 062: a winner on the same ball as another shares the prize; say what this card gets.
  const share = prize !== null && (alreadyWinner || canGoodBingo) ? prizeShareOf(state, prize, n) : null;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('room.modal.title', { n })}
      className="max-w-xl"
      footer={
        readOnly ? undefined : (
          <>
            {canBlock && (
              <Button
                variant="danger"
                size="lg"
                loading={busy === 'block'}
                disabled={busy !== null}
                onClick={() => onDecide('block')}
              >
                {t('room.modal.block')}
              </Button>
            )}
            {canGoodBingo && (
              <Button
                size="lg"
                className="bg-success-600 hover:bg-success-700"
                loading={busy === 'good-bingo'}
                disabled={busy !== null}
                onClick={() => onDecide('good-bingo')}
              >
                {t('room.modal.goodBingo')}
              </Button>
            )}
          </>
        )
      }
    >
      <div className="space-y-4">
        <div className="flex justify-center">
          <BingoCard
            card={cartela.card}
            caption={t('room.modal.caption', { n })}
            freeLabel={t('room.free')}
            marked={called}
            size="lg"
            renderCell={(value, r, c) => (
              <span
                className={clsx(
                  'flex size-full items-center justify-center rounded-lg',
                  pattern.has(`${r}:${c}`) && 'ring-3 ring-coin-500 ring-inset',
                  value === verdict.lastBall && 'outline-3 outline-offset-1 outline-brand-600',
                  value === missed && 'outline-3 outline-offset-1 outline-danger-600 outline-dashed',
                )}
              >
                {value}
              </span>
            )}
          />
        </div>
        {claimBall && <PinnedBall pin={claimBall} />}
        {progress && !progress.manual && (
          <div className="space-y-1">
            <div className="flex justify-between text-sm">
              <span className="font-medium text-ink">{t('room.modal.progress')}</span>
              <span className="text-ink-muted tabular-nums">
                {t('room.modal.progressValue', { done: progress.done, needed: progress.needed })}
              </span>
            </div>
            <div
              role="progressbar"
              aria-label={t('room.modal.progress')}
              aria-valuemin={0}
              aria-valuemax={progress.needed}
              aria-valuenow={progress.done}
              className="h-2.5 overflow-hidden rounded-full bg-surface-muted"
            >
              <div
                className={clsx('h-full rounded-full', progress.complete ? 'bg-success-600' : 'bg-brand-600')}
                style={{ width: `${progress.needed ? (progress.done / progress.needed) * 100 : 0}%` }}
              />
            </div>
          </div>
        )}
        <div
          role="status"
          className={clsx(
            'rounded-lg px-3 py-2 text-center',
            verdict.winner ? 'bg-success-50 text-success-700' : 'bg-danger-50 text-danger-700',
          )}
        >
          <p className="font-semibold text-balance">
            {alreadyWinner
              ? t('room.modal.alreadyWinner')
              : verdict.manual && !blocked
                ? t('room.modal.manual')
                : t(`room.claim.${verdict.reason}`)}
          </p>
          {story && (
            <p className="mt-0.5 text-sm font-medium text-balance" data-testid="claim-story">
              {storyText(story)}
            </p>
          )}
        </div>
        {share !== null && share.sharedBy > 1 && (
          <p className="text-center font-semibold text-ink" data-testid="prize-share">
            {alreadyWinner
              ? t('room.winner.prizeShared', { amount: format.etb(share.amount), count: share.sharedBy })
              : t('room.modal.sharedWin', { amount: format.etb(share.amount), count: share.sharedBy })}
          </p>
        )}
      </div>
    </Dialog>
  );
}
