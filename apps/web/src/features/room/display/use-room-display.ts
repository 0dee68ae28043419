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
};

export interface RoomDisplayState {
  /** The room's last view, or null until the room (or the stored state) gives one. */
  view: RoomView | null;
  /** Whether `view` came from the room itself rather than from the stored state. */
  live: boolean;
  /** The moment on screen; `key` changes with each one, so the same cartela twice replays it. */
  moment: (DisplayMoment & { key: number }) | null;
}

/** The hall display's state for `gameId`, kept in step with the room (follow-room.ts). */
export function useRoomDisplay(
  gameId: string,
  options: Pick<FollowRoomOptions, 'openChannel' | 'loadStored'> = {},
): RoomDisplayState {
  const [state, setState] = useState<RoomDisplayState>({ view: null, live: false, moment: null });
  const optionsRef = useRef(options);
  optionsRef.current = options;

  useEffect(() => {
    setState({ view: null, live: false, moment: null });
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
      onCheckingDone: () => setState((s) => (s.moment?.kind === 'checking' ? { ...s, moment: null } : s)),
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [gameId]);

  return state;
}
