import { canCall, type GameState } from '@cartela/core';
import { useTranslation } from 'react-i18next';
import { businessTimeZone } from '@/lib/format';

/** product/screens.md#auto-call: calling speeds 2-6 s, 3 s by default. */
export const CALLING_SPEEDS_MS = [2000, 3000, 4000, 5000, 6000] as const;
export const DEFAULT_CALLING_SPEED_MS = 3000;
/** product/screens.md#room-moments: the room's moments. */
export const HIGHLIGHT_MS = 1500;
export const ROLLING_MS = 2000;
export const SHUFFLE_FLICKER_MS = 3000;
export const WINNER_OVERLAY_MS = 8000;
export const CONFETTI_PIECES = 150;
export const RECENT_CALLS = 5;

/**
 * Whether Call Next can work now: core's canCall, or the first call of a game whose order is still sealed
 * (product/draw.md#sealed-until-the-first-call), which the server makes: only with the network.
 */
export function callableNow(state: GameState, online: boolean): boolean {
  if (canCall(state)) return true;
  return !!state.orderSealed && online && state.status === 'active' && state.winners.length === 0;
}

/** The order is sealed and there is no network: the round cannot start here yet. */
export const sealedOffline = (state: GameState, online: boolean): boolean =>
  !!state.orderSealed && !online && state.status !== 'finished' && state.status !== 'cancelled';

/** The colours of a ball by its column: the one map the hall display shares (lib/ball-colours.ts). */
export { BALL_COLOURS, ballColour } from '@/lib/ball-colours';

/** A winning pattern's name in the interface language (English is packages/core's own); unknown ids as they are. */
export function usePatternName() {
  const { t, i18n } = useTranslation();
  return (id: string) => (i18n.exists(`room.patterns.${id}`) ? t(`room.patterns.${id}` as 'room.title') : id);
}

/** 'hh:mm' (24 h) in the business time zone: when the room went offline. */
export function clockTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: businessTimeZone(),
  }).format(date);
}

/** The calling speed this device used last (the hall keeps its rhythm across games). */
const SPEED_KEY = 'roomCallingSpeed';

export function rememberedSpeed(): number {
  try {
    const value = Number(localStorage.getItem(SPEED_KEY));
    return (CALLING_SPEEDS_MS as readonly number[]).includes(value) ? value : DEFAULT_CALLING_SPEED_MS;
  } catch {
    return DEFAULT_CALLING_SPEED_MS;
  }
}

export function rememberSpeed(ms: number): void {
  try {
    localStorage.setItem(SPEED_KEY, String(ms));
  } catch {
    // No storage: the speed holds for this page only.
  }
}

/**
 * Every ball called and the game still open for a claim on the last one, nobody confirmed yet (decision 069):
 * the room says to check any claim, then finish.
 */
export function allBallsCalled(state: GameState): boolean {
  const open = state.status === 'active' || state.status === 'paused';
  return open && state.remaining.length === 0 && !state.orderSealed && state.winners.length === 0;
}
