import { useSyncExternalStore } from 'react';

const WIDE = '(min-width: 640px)';

function subscribe(onChange: () => void) {
  const list = window.matchMedia(WIDE);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/**
 * True on a screen wider than a phone (640 px), following a resize or a turn. The charts give a phone narrower
 * axes, so the bars keep most of a 360 px screen.
 */
export function useWide(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE).matches,
    () => true,
  );
}
