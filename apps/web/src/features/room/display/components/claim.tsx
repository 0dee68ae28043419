import {
  BINGO_LETTERS,
  ballLabel,
  claimFor,
  etbToSantim,
  type GameState,
  prizeShares,
  santimToEtb,
} from '@cartela/core';
import { useTranslation } from 'react-i18next';
import { claimStory } from '@/lib/claim-story';
import { useFormat } from '@/lib/format';
import { ballColour } from './ball';
import { Confetti } from './moments';

export type ClaimVerdict = 'checking' | 'good' | 'blocked';

/**
 * A winner's prize on the TV (ETB): the winner's own share when several cartelas won on the same ball (core's
 * prizeShares, decision 062: in the order they were confirmed), else the game's prize.
 */
export function prizeOf(state: GameState, prize: number, cartelaNumber: number): number {
  const winners = state.winners;
  const index = winners.findIndex((w) => w.cartelaNumber === cartelaNumber);
  if (index < 0 || winners.length < 2) return prize;
  return santimToEtb(prizeShares(etbToSantim(prize), winners.length)[index]!);
}

/**
 * The claim on the hall's screen (issue 19): the cartela's number, its 5 x 5 card with the called numbers lit and
 * the pattern's cells ringed, the ball the claim is judged on, and the verdict: being checked, GOOD BINGO with the
 * prize, or blocked with the reason in words, each with why (completed by this ball, or on which earlier one:
 * product/draw.md#the-claim-rule). Sized in display units (--u), to be read from the back of a hall.
 */
export function ClaimMoment({
  verdict,
  cartelaNumber,
  reason,
  state,
  prize,
}: {
  verdict: ClaimVerdict;
  cartelaNumber: number;
  reason?: string;
  state: GameState;
  /** The game's prize in ETB, when the room said it. */
  prize: number | null;
}) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  // 'Checking cartela 7' while it is checked; once the verdict shows, simply 'Cartela 7'.
  const heading =
    verdict === 'checking'
      ? t('roomDisplay.claim.checking', { n: cartelaNumber })
      : t('roomDisplay.claim.cartela', { n: cartelaNumber });
  // A decided claim as the room recorded it, on the balls of its own call: the hall may call on meanwhile.
  const record =
    verdict === 'checking' ? undefined : state.validations.findLast((v) => v.cartelaNumber === cartelaNumber);
  const judged = record ? { ...state, calledNumbers: state.calledNumbers.slice(0, record.callCount) } : state;
  const found = claimFor(judged, cartelaNumber);
  if (!found.ok) return null;
  const { cartela, claim } = found;
  const calls = judged.calledNumbers.length;
  const called = new Set(judged.calledNumbers);
  const pattern = new Set((claim.progress?.cells ?? []).map(([r, c]) => `${r}:${c}`));
  const why = reason ?? claim.reason;
  const reasonKey = `roomDisplay.claim.reasons.${why}`;
  const reasonText = i18n.exists(reasonKey) ? t(reasonKey as 'roomDisplay.title') : why;
  const progress = claim.progress;
  const won = prize === null ? 0 : prizeOf(state, prize, cartelaNumber);
  const story =
    verdict === 'checking'
      ? null
      : claimStory(record ?? { reason: why, callCount: calls, completedOn: claim.completedOn });
  const missed =
    story?.kind === 'completed-earlier' ? (record?.completedOn ?? claim.completedOn)?.ball : undefined;
  const storyText =
    story === null
      ? null
      : story.kind === 'completed-here'
        ? t('roomDisplay.claim.completedHere')
        : t('roomDisplay.claim.completedEarlier', {
            call: story.call,
            ball: story.ball,
            claimed: story.claimed,
          });

  return (
    <div
      role="alert"
      aria-live="assertive"
      data-testid="claim"
      data-verdict={verdict}
      // A screen taller than wide (a phone, a portrait monitor) stacks the card over the verdict, in units of its
      // own: the landscape ones would leave both a thumbnail.
      className="fixed inset-0 z-20 flex items-center justify-center gap-[calc(var(--u)*4)] overflow-hidden bg-slate-950/95 p-[calc(var(--u)*2)] portrait:flex-col portrait:gap-[calc(var(--u)*2)] portrait:[--u:min(2.2vw,0.85vh)]"
    >
      {verdict === 'good' && <Confetti />}
      <figure
        className="relative flex flex-col items-center gap-[calc(var(--u)*1)]"
        style={{ animation: 'display-pop 300ms ease-out both' }}
      >
        <table
          aria-label={heading}
          className="border-separate border-spacing-[calc(var(--u)*0.5)] rounded-[calc(var(--u)*1.2)] bg-white/10 p-[calc(var(--u)*0.6)]"
        >
          <thead>
            <tr>
              {BINGO_LETTERS.map((letter, col) => (
                <th
                  key={letter}
                  scope="col"
                  className={`size-[calc(var(--u)*7)] rounded-[calc(var(--u)*0.6)] font-black text-[calc(var(--u)*4)] ${ballColour(col * 15 + 1)}`}
                >
                  {letter}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {cartela.card.map((row, r) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the five rows of a card never move
              <tr key={r}>
                {row.map((value, c) => {
                  const free = value === 0;
                  const lit = free || called.has(value);
                  const inPattern = pattern.has(`${r}:${c}`);
                  const last = value !== 0 && value === claim.lastBall;
                  // A late claim's card shows the ball that completed it, the one the player missed.
                  const missedHere = value !== 0 && value === missed;
                  return (
                    <td
                      // biome-ignore lint/suspicious/noArrayIndexKey: the 25 cells of a card never move
                      key={c}
                      data-called={lit || undefined}
                      data-in-pattern={inPattern || undefined}
                      className={`size-[calc(var(--u)*7)] rounded-[calc(var(--u)*0.6)] text-center font-black tabular-nums ${
                        free ? 'text-[calc(var(--u)*1.8)]' : 'text-[calc(var(--u)*3.6)]'
                      } ${lit ? 'bg-emerald-500 text-white' : 'bg-white/10 text-white/45'} ${
                        inPattern ? 'ring-[calc(var(--u)*0.45)] ring-amber-300 ring-inset' : ''
                      } ${last ? 'outline-[calc(var(--u)*0.4)] outline-white outline-offset-[calc(var(--u)*0.15)] outline-solid' : ''} ${
                        missedHere
                          ? 'outline-[calc(var(--u)*0.4)] outline-rose-400 outline-offset-[calc(var(--u)*0.15)] outline-dashed'
                          : ''
                      }`}
                    >
                      {free ? t('roomDisplay.free') : value}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </figure>

      <div
        className="relative flex max-w-[calc(var(--u)*50)] flex-col items-start gap-[calc(var(--u)*1.6)] portrait:max-w-none"
        style={{ animation: 'display-pop 400ms ease-out both' }}
      >
        <p className="font-black text-[calc(var(--u)*5)] leading-tight">{heading}</p>
        {claim.lastBall !== null && (
          <p className="font-bold text-[calc(var(--u)*2.6)] leading-tight" data-testid="claim-pin">
            {t('roomDisplay.claim.pin', { ball: ballLabel(claim.lastBall), call: calls })}
          </p>
        )}
        {progress && !progress.manual && (
          <p className="font-semibold text-[calc(var(--u)*2.2)] text-white/80 tabular-nums">
            {t('roomDisplay.claim.progress', { done: progress.done, needed: progress.needed })}
          </p>
        )}
        {verdict === 'checking' && (
          <p
            role="status"
            className="rounded-[calc(var(--u)*1)] bg-amber-400 px-[calc(var(--u)*2.5)] py-[calc(var(--u)*1)] font-black text-[calc(var(--u)*4)] text-amber-950"
          >
            {t('roomDisplay.claim.checkingNow')}
          </p>
        )}
        {verdict === 'good' && (
          <>
            <p className="rounded-[calc(var(--u)*1)] bg-emerald-500 px-[calc(var(--u)*2.5)] py-[calc(var(--u)*1)] font-black text-[calc(var(--u)*6.5)] text-white leading-none">
              {t('roomDisplay.claim.goodBingo')}
            </p>
            {storyText && (
              <p
                className="font-bold text-[calc(var(--u)*2.6)] text-emerald-300 leading-tight"
                data-testid="claim-story"
              >
                {storyText}
              </p>
            )}
            {prize !== null && (
              <p className="font-black text-[calc(var(--u)*4.5)] text-amber-300 tabular-nums">
                {t('roomDisplay.claim.prizeWon', {
                  amount: format.etb(won, Number.isInteger(won) ? 0 : 2),
                })}
              </p>
            )}
          </>
        )}
        {verdict === 'blocked' && (
          <>
            <p className="rounded-[calc(var(--u)*1)] bg-red-600 px-[calc(var(--u)*2.5)] py-[calc(var(--u)*1)] font-black text-[calc(var(--u)*6)] text-white leading-none">
              {t('roomDisplay.blocked')}
            </p>
            <p className="font-bold text-[calc(var(--u)*3)] text-rose-200 leading-tight">{reasonText}</p>
            {storyText && (
              <p
                className="font-bold text-[calc(var(--u)*2.6)] text-white leading-tight"
                data-testid="claim-story"
              >
                {storyText}
              </p>
            )}
          </>
        )}
      </div>
    </div>
  );
}
