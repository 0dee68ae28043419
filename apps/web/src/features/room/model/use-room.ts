// The room for React: one RoomSession per game per tab, shared by every component that asks for it, started by
// the first and closed after the last unmounts (a moment later, so React's StrictMode remount keeps it).
import { useEffect, useMemo, useReducer, useSyncExternalStore } from 'react';
import { RoomSession } from './session';
import type { RoomController } from './types';

interface Entry {
  session: RoomSession;
  users: number;
  closeTimer: ReturnType<typeof setTimeout> | null;
}

const sessions = new Map<string, Entry>();

/** This tab's session of a game (created, not started, when there is none). */
export function roomSessionFor(gameId: string): RoomSession {
  let entry = sessions.get(gameId);
  if (!entry || entry.session.closed) {
    entry = { session: new RoomSession(gameId), users: 0, closeTimer: null };
    sessions.set(gameId, entry);
  }
  return entry.session;
}

/**
 * Starts the session (once) and keeps it open until the returned function is called by its last user. Returns
 * null when the session is no longer this tab's (it was closed meanwhile).
 */
export function retainRoomSession(session: RoomSession): (() => void) | null {
  const entry = sessions.get(session.gameId);
  if (!entry || entry.session !== session || session.closed) return null;
  if (entry.closeTimer) clearTimeout(entry.closeTimer);
  entry.closeTimer = null;
  entry.users += 1;
  session.start();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    entry.users -= 1;
    if (entry.users > 0) return;
    entry.closeTimer = setTimeout(() => {
      if (entry.users > 0) return;
      session.close();
      if (sessions.get(session.gameId) === entry) sessions.delete(session.gameId);
    }, 0);
  };
}

/** The game room of `gameId`: its view (re-rendered on every change), its commands, and sync-now. */
export function useRoom(gameId: string): RoomController {
  const [generation, renew] = useReducer((n: number) => n + 1, 0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `generation` asks for a new session after a close.
  const session = useMemo(() => roomSessionFor(gameId), [gameId, generation]);
  useEffect(() => {
    const release = retainRoomSession(session);
    if (!release) {
      renew();
      return;
    }
    return release;
  }, [session]);
  const view = useSyncExternalStore(session.subscribe, session.getView, session.getView);
  return useMemo(
    () => ({ view, dispatch: session.dispatch, syncNow: session.syncNow, showClaim: session.showClaim }),
    [view, session],
  );
}
