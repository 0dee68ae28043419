// What the room's view says of the way to the server, in the words the screen needs
// (docs/decisions/084-network-loss-in-the-room.md).
import type { RoomView, SyncStatus } from './types';

/**
 * Calls cannot reach the server: the browser says it is offline, or the last send got no answer (a network
 * error or a timeout: the outbox sync then keeps `offlineSince` until a send goes through). A server that
 * answers with an error (5xx, a refusal) is reachable: the sync state says what it answered.
 */
export function serverUnreachable(view: Pick<RoomView, 'online' | 'sync'>): boolean {
  if (!view.online) return true;
  const { sync } = view;
  return (sync.kind === 'pending' || sync.kind === 'checking') && sync.offlineSince !== null;
}

/** The actions kept on this device that the server does not have yet. */
export function waitingActions(sync: SyncStatus): number {
  return sync.kind === 'pending' || sync.kind === 'refused' ? sync.waiting : 0;
}
