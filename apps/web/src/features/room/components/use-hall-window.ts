// The hall's TV window, one per agent on this device (decision 083, product/screens.md#hall-display): 'Open
// display' reuses it round after round, and the caller's room tells it which game to show on the hall's channel,
// so the TV follows every round in place (fullscreen kept) instead of a new window per game.
import { useEffect, useRef } from 'react';
import { useSession } from '@/lib/session';
import type { HallChannel } from '../display/follow-hall';
import { gameDisplayPath } from '../display/routes';
import { hallChannelName } from '../model/types';

export interface HallWindowOptions {
  gameId: string;
  /** The game's creation (ISO), so a display keeps the newest round when two rooms answer. */
  createdAt: string | null;
  /** The caller's tab: only it announces its game (a viewer's button still opens and points the window). */
  speaks: boolean;
  /** BroadcastChannel by default; null where the browser has none. */
  openChannel?: (name: string) => HallChannel | null;
}

function openBroadcastChannel(name: string): HallChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : (new BroadcastChannel(name) as HallChannel);
}

/** A window `window.open('', name)` has just made (nothing loaded in it yet). */
function isBlank(target: Window): boolean {
  try {
    return target.location.href === 'about:blank';
  } catch {
    // Another origin's page in a window of that name: not ours to load, but ours to focus.
    return false;
  }
}

/**
 * Announces the room's game on the agent's hall channel (when the room opens, and to every display's hello) and
 * returns 'Open display': the agent's one hall window, loaded with this game's display when it is new, else
 * focused and told to show this game.
 */
export function useHallWindow({
  gameId,
  createdAt,
  speaks,
  openChannel = openBroadcastChannel,
}: HallWindowOptions): () => void {
  const { user } = useSession();
  const name = hallChannelName(user?.id);
  const open = useRef(openChannel);
  open.current = openChannel;
  const channel = useRef<HallChannel | null>(null);

  useEffect(() => {
    if (!speaks) return;
    const hall = open.current(name);
    if (!hall) return;
    channel.current = hall;
    const announce = () => hall.postMessage({ type: 'game', gameId, createdAt });
    hall.onmessage = (event) => {
      const data = event.data as { type?: unknown } | null;
      if (data && typeof data === 'object' && data.type === 'hello') announce();
    };
    announce();
    return () => {
      hall.onmessage = null;
      hall.close();
      if (channel.current === hall) channel.current = null;
    };
  }, [name, gameId, createdAt, speaks]);

  return () => {
    if (typeof window === 'undefined') return;
    const target = window.open('', name);
    // A blocked pop-up: nothing to show it in.
    if (!target) return;
    if (isBlank(target)) {
      target.location.href = gameDisplayPath(gameId);
      return;
    }
    target.focus();
    const hall = channel.current ?? open.current(name);
    hall?.postMessage({ type: 'show', gameId });
    if (hall && hall !== channel.current) hall.close();
  };
}
