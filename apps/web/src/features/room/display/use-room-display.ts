import { useEffect, useRef, useState } from 'react';
import type { RoomView } from '../model/types';
import { type DisplayMoment, type FollowRoomOptions, followRoom } from './follow-room';

/** How long the display shows a moment (product/screens.md#hall-display: the winner overlay stays 8 s). */
export const MOMENT_MS: Record<DisplayMoment['kind'], number> = {
  celebrate: 8000,
  // Blocked shows the card and the reason: long enough to read from the back of the hall.
  blocked: 8000,
  // Until the agent decides or closes the modal; a room that went away does not leave it up for ever.
  checking: 120_000,
  // 'Claim! Checking...' until a cartela is open, a verdict, or the modal closes (decision 083): as long.
  raised: 120_000,
};

export interface RoomDisplayState {
  /** The room's last view, or null until the room (or the stored state) gives one. */
  view: RoomView | null;
  /** Whether `view` came from the room itself rather than from the stored state. */
  live: boolean;
  /** The moment on screen; `key` changes with each one, so the same cartela twice replays it. */
  moment: (DisplayMoment & { key: number }) | null;
  /**
   * The last view of the game shown before this one, once the display moved to the next round in place
   * (decision 083): its winners stay on the TV until the new round's first call. Null otherwise.
   */
  previous: RoomView | null;
}

/** The hall display's state for `gameId`, kept in step with the room (follow-room.ts). */
export function useRoomDisplay(
  gameId: string,
  options: Pick<FollowRoomOptions, 'openChannel' | 'loadStored'> = {},
): RoomDisplayState {
  const [state, setState] = useState<RoomDisplayState>({
    view: null,
    live: false,
    moment: null,
    previous: null,
  });
  const optionsRef = useRef(options);
  optionsRef.current = options;

  useEffect(() => {
    // A game followed before keeps its last view as `previous` (its own state is another game's now).
    setState((s) => ({
      view: null,
      live: false,
      moment: null,
      previous:
        s.view?.state && (s.view.game?.gameId ?? s.view.state.gameId) !== gameId ? s.view : s.previous,
    }));
    let timer: ReturnType<typeof setTimeout> | undefined;
    let key = 0;
    const stop = followRoom(gameId, {
      ...optionsRef.current,
      onView: (view, live) => setState((s) => ({ ...s, view, live })),
      onMoment: (moment) => {
        key += 1;
        const current = key;
        setState((s) => ({ ...s, moment: { ...moment, key: current } }));
        clearTimeout(timer);
        timer = setTimeout(
          () => setState((s) => (s.moment?.key === current ? { ...s, moment: null } : s)),
          MOMENT_MS[moment.kind],
        );
      },
      onCheckingDone: () =>
        setState((s) =>
          s.moment?.kind === 'checking' || s.moment?.kind === 'raised' ? { ...s, moment: null } : s,
        ),
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [gameId]);

  return state;
}
