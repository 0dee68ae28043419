import './i18n';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { shortGameId, useFormat } from '@/lib/format';
import type { RoomView } from '../model/types';
import { Ball } from './components/ball';
import { DisplayWinners, NextGameCard } from './components/between-rounds';
import { DisplayBoard } from './components/board';
import { ClaimMoment } from './components/claim';
import { FullscreenButton } from './components/fullscreen-button';
import { Blocked, Celebration, ClaimRaised, KEYFRAMES } from './components/moments';
import { PatternCells } from './components/pattern-cells';
import { VerifyQr } from './components/verify-qr';
import { followHall, type HallChannel, hallOfWindow } from './follow-hall';
import type { FollowRoomOptions } from './follow-room';
import { gameDisplayPath } from './routes';
import { type RoomDisplayState, useRoomDisplay } from './use-room-display';

/** Recent calls shown besides the current ball (product/screens.md#board-and-calls: 5). */
export const LAST_CALLS = 5;

/**
 * The display's unit: 1% of the width of a 16:9 picture that fits the window, so the whole screen scales
 * from a 720p projector to a 4K TV (and a 4:3 one letterboxes instead of overflowing), never below 6 px.
 */
const UNIT = { '--u': 'clamp(6px, min(1vw, 1.7778vh), 64px)' } as React.CSSProperties;

function Waiting({ message, hint }: { message: string; hint?: string }) {
  return (
    <div
      role="status"
      className="flex h-full flex-col items-center justify-center gap-[calc(var(--u)*1.5)] p-8"
    >
      <p className="text-center font-bold text-[calc(var(--u)*3.5)]">{message}</p>
      {hint && <p className="max-w-[70ch] text-center text-[calc(var(--u)*1.4)] text-white/60">{hint}</p>}
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col items-end leading-tight">
      <span className="text-[calc(var(--u)*0.95)] text-white/60 uppercase tracking-wide">{label}</span>
      <span className="font-bold tabular-nums text-[calc(var(--u)*2)]">{value}</span>
    </div>
  );
}

function Board({ view, gameId, live }: { view: RoomView; gameId: string; live: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const state = view.state!;
  const called = useMemo(() => new Set(state.calledNumbers), [state.calledNumbers]);
  const last = state.calledNumbers.at(-1) ?? null;
  const recent = state.calledNumbers.slice(-LAST_CALLS - 1, -1).reverse();
  const commitment = view.game?.commitment ?? state.commitment;
  return (
    <div className="flex h-full flex-col gap-[calc(var(--u)*1)] p-[calc(var(--u)*1.2)]">
      <header className="flex items-center gap-[calc(var(--u)*2)]">
        <div className="flex flex-col leading-tight">
          <span className="text-[calc(var(--u)*0.95)] text-white/60 uppercase tracking-wide">
            {t('roomDisplay.game')}
          </span>
          <span
            className="font-black font-mono text-[calc(var(--u)*2.4)]"
            title={view.game?.gameId ?? gameId}
          >
            {shortGameId(view.game?.gameId ?? state.gameId ?? gameId)}
          </span>
        </div>
        <span className="rounded-full bg-white/10 px-[calc(var(--u)*1)] py-[calc(var(--u)*0.3)] font-semibold text-[calc(var(--u)*1.2)]">
          {t(`roomDisplay.status.${state.status}`)}
        </span>
        {!live && (
          <span className="text-[calc(var(--u)*1)] text-amber-300">{t('roomDisplay.fromStorage')}</span>
        )}
        <div className="ml-auto flex items-center gap-[calc(var(--u)*2.5)]">
          {view.game && <Fact label={t('roomDisplay.prize')} value={format.etb(view.game.prize, 0)} />}
          {view.game && <Fact label={t('roomDisplay.players')} value={format.number(view.game.players)} />}
          <Fact label={t('roomDisplay.calls')} value={`${state.calledNumbers.length}/75`} />
          <FullscreenButton />
        </div>
      </header>

      <main className="grid min-h-0 flex-1 grid-cols-[minmax(0,2fr)_minmax(0,1fr)] gap-[calc(var(--u)*1.5)]">
        <div className="flex min-h-0 flex-col gap-[calc(var(--u)*1.2)]">
          <div className="min-h-0 flex-1">
            <DisplayBoard called={called} last={last} />
          </div>
          <VerifyQr gameId={view.game?.gameId ?? state.gameId ?? gameId} calls={state.calledNumbers.length} />
          {/* Who won stays after the celebration, until the next round's first call (decision 083). In the
              board's column: across the whole width it covered the pattern's card, whose column is full. */}
          <DisplayWinners winners={state.winners} prize={view.game?.prize ?? null} />
        </div>
        <aside className="flex min-h-0 flex-col items-center justify-between gap-[calc(var(--u)*1)]">
          <section aria-label={t('roomDisplay.currentBall')} className="flex flex-col items-center">
            {last === null ? (
              <div className="flex size-[calc(var(--u)*18)] items-center justify-center rounded-full border-[calc(var(--u)*0.3)] border-white/20 border-dashed text-center text-[calc(var(--u)*1.6)] text-white/50">
                {t('roomDisplay.noBall')}
              </div>
            ) : (
              <Ball
                key={`${last}-${state.calledNumbers.length}`}
                n={last}
                size={18}
                className="[animation:display-pop_400ms_ease-out_both]"
              />
            )}
          </section>
          <section aria-label={t('roomDisplay.lastCalls')} className="flex flex-col items-center">
            <h2 className="text-[calc(var(--u)*1)] text-white/60 uppercase tracking-wide">
              {t('roomDisplay.lastCalls')}
            </h2>
            <ol className="mt-[calc(var(--u)*0.5)] flex h-[calc(var(--u)*5)] gap-[calc(var(--u)*0.6)]">
              {recent.map((n) => (
                <li key={n}>
                  <Ball n={n} size={5} />
                </li>
              ))}
            </ol>
          </section>
          <PatternCells patternId={view.game?.patternId ?? state.patternId} />
        </aside>
      </main>

      {/* Only the hex in the monospace font: its fonts have no Ge'ez, the label is read in Amharic too. */}
      <footer className="truncate text-[calc(var(--u)*0.9)] text-white/50">
        {t('roomDisplay.commitment')}: <span className="font-mono text-white/80">{commitment}</span>
      </footer>
    </div>
  );
}

const VERDICTS = { checking: 'checking', celebrate: 'good', blocked: 'blocked' } as const;

/**
 * A moment over the board: the claim with its card when the room's state has the cartela (issue 19), else the
 * plain celebration or 'Cartela blocked'.
 */
function Moment({
  moment,
  view,
}: {
  moment: NonNullable<RoomDisplayState['moment']>;
  view: RoomView | null;
}) {
  if (moment.kind === 'raised') return <ClaimRaised key={moment.key} />;
  const state = view?.state;
  if (state?.cartelas.some((c) => c.cartelaNumber === moment.cartelaNumber)) {
    return (
      <ClaimMoment
        key={moment.key}
        verdict={VERDICTS[moment.kind]}
        cartelaNumber={moment.cartelaNumber}
        reason={moment.reason}
        state={state}
        prize={view?.game?.prize ?? null}
      />
    );
  }
  if (moment.kind === 'celebrate')
    return <Celebration key={moment.key} cartelaNumber={moment.cartelaNumber} />;
  if (moment.kind === 'blocked') return <Blocked key={moment.key} cartelaNumber={moment.cartelaNumber} />;
  return null;
}

export type RoomDisplayOptions = Pick<FollowRoomOptions, 'openChannel' | 'loadStored'> & {
  /** The agent's hall channel this window follows (the window's name by default: hallOfWindow), or null. */
  hall?: string | null;
  openHallChannel?: (name: string) => HallChannel | null;
};

/** A running game before its first call: the TV shows the 'Next game' card over its board (decision 083). */
const beforeFirstCall = (view: RoomView | null) =>
  !!view?.game &&
  !!view.state &&
  view.state.calledNumbers.length === 0 &&
  (view.state.status === 'active' || view.state.status === 'paused');

/**
 * The game the display shows: `opened` (its address), then whichever game the agent's room announces on the hall
 * channel (decision 083), switched in place: the address replaced, no reload, fullscreen kept. An announcement
 * of an older round than the one shown (a stale tab answering hello) is ignored; 'Open display' always wins.
 */
function useHallGame(opened: string, options: RoomDisplayOptions) {
  const [gameId, setGameId] = useState(opened);
  const shown = useRef<{ gameId: string; createdAt: string | null }>({ gameId: opened, createdAt: null });
  useEffect(() => {
    shown.current = { gameId: opened, createdAt: null };
    setGameId(opened);
  }, [opened]);
  /** The view of the game shown: its creation is what an older round's announcement is compared with. */
  const seen = useCallback((view: RoomView | null) => {
    if (view?.game && view.game.gameId === shown.current.gameId)
      shown.current.createdAt = view.game.createdAt;
  }, []);

  const hall = options.hall === undefined ? hallOfWindow() : options.hall;
  const openHallChannel = useRef(options.openHallChannel);
  openHallChannel.current = options.openHallChannel;
  useEffect(() => {
    if (!hall) return;
    return followHall(hall, {
      ...(openHallChannel.current ? { openChannel: openHallChannel.current } : {}),
      onGame: (message) => {
        const now = shown.current;
        if (message.gameId === now.gameId) return;
        const older =
          message.type === 'game' &&
          message.createdAt !== null &&
          now.createdAt !== null &&
          message.createdAt < now.createdAt;
        if (older) return;
        shown.current = {
          gameId: message.gameId,
          createdAt: message.type === 'game' ? message.createdAt : null,
        };
        window.history.replaceState(window.history.state, '', gameDisplayPath(message.gameId));
        setGameId(message.gameId);
      },
    });
  }, [hall]);
  return { gameId, seen };
}

/**
 * The hall display of `gameId`: what the game room shows, for a TV or a projector (issue 10), following the
 * agent's next rounds in the same window (decision 083).
 */
export function RoomDisplay({
  gameId: opened,
  options = {},
}: {
  gameId: string;
  options?: RoomDisplayOptions;
}) {
  const { t } = useTranslation();
  const { gameId, seen } = useHallGame(opened, options);
  const { view, live, moment, previous } = useRoomDisplay(gameId, options);
  useEffect(() => seen(view), [seen, view]);

  useEffect(() => {
    const previous = document.title;
    document.title = `${t('roomDisplay.title')} · ${shortGameId(gameId)} · Cartela`;
    return () => {
      document.title = previous;
    };
  }, [gameId, t]);

  let content: React.ReactNode;
  if (view?.status === 'missing') content = <Waiting message={t('roomDisplay.missing')} />;
  else if (view?.status === 'error') content = <Waiting message={view.error ?? t('roomDisplay.error')} />;
  else if (view?.state) content = <Board view={view} gameId={gameId} live={live} />;
  // Just moved to the next round, its room not heard yet: the round before stays, with its winners.
  else if (previous?.state) content = <Board view={previous} gameId={gameId} live />;
  else content = <Waiting message={t('roomDisplay.waiting')} hint={t('roomDisplay.waitingHint')} />;

  return (
    <div style={UNIT} className="fixed inset-0 overflow-hidden bg-slate-950 text-white select-none">
      <style>{KEYFRAMES}</style>
      {content}
      {view && beforeFirstCall(view) && <NextGameCard view={view} previous={previous} />}
      {moment && <Moment moment={moment} view={view} />}
    </div>
  );
}

/** /game/:gameId/display, outside the app's shell (display/routes.tsx). */
export function DisplayPage() {
  const { gameId = '' } = useParams();
  return <RoomDisplay gameId={gameId} />;
}
