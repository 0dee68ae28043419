// What the room uses of the browser, in one place so tests can hand in fakes (decision 050).
import type { RoomMessage } from './types';

/** The part of a BroadcastChannel the room uses. */
export interface RoomChannel {
  postMessage(message: RoomMessage): void;
  onmessage: ((event: MessageEvent) => void) | null;
  close(): void;
}

/** The part of navigator.locks (Web Locks) the room uses. */
export interface RoomLocks {
  request(
    name: string,
    options: { ifAvailable?: boolean; signal?: AbortSignal },
    callback: (lock: unknown) => Promise<unknown> | unknown,
  ): Promise<unknown>;
}

export interface RoomEnv {
  /** null: no Web Locks (an old browser): the tab acts as the caller. */
  locks: RoomLocks | null;
  /** null: no navigator.storage.persist (view.persisted stays null). */
  storage: { persist(): Promise<boolean>; persisted?(): Promise<boolean> } | null;
  isOnline(): boolean;
  /** Where 'online' and 'offline' fire (window). */
  events: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null;
  /** null: no BroadcastChannel (the display and other tabs cannot follow). */
  openChannel(name: string): RoomChannel | null;
}

/** The browser's own. */
export function browserEnv(): RoomEnv {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  const locks = (nav as { locks?: RoomLocks } | undefined)?.locks ?? null;
  const storage = nav?.storage && typeof nav.storage.persist === 'function' ? nav.storage : null;
  return {
    locks,
    storage,
    isOnline: () => nav?.onLine ?? true,
    events: typeof window === 'undefined' ? null : window,
    openChannel: (name) =>
      typeof BroadcastChannel === 'undefined' ? null : (new BroadcastChannel(name) as unknown as RoomChannel),
  };
}
