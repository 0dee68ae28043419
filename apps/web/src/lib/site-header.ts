// Whether the app's navigation bar is shown: the game room hides it with ctrl/cmd+H
// (product/screens.md#keyboard-shortcuts), so a laptop wired to the hall's TV gives the board the whole screen.
// Shown again when the room closes.
import { useSyncExternalStore } from 'react';

let hidden = false;
const listeners = new Set<() => void>();

export function setSiteHeaderHidden(next: boolean): void {
  if (hidden === next) return;
  hidden = next;
  for (const listener of [...listeners]) listener();
}

export const siteHeaderHidden = (): boolean => hidden;

export const toggleSiteHeader = (): void => setSiteHeaderHidden(!hidden);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const useSiteHeaderHidden = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => hidden,
    () => false,
  );
