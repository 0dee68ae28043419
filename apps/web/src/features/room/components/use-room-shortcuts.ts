import { useEffect, useRef } from 'react';

export interface RoomShortcuts {
  callNext(): void;
  pauseResume(): void;
  auto(): void;
  /** B (the claim key: Space is Call Next's) or V: stop calling and check a claim on the ball on screen. */
  validate(): void;
  fullscreen(): void;
  header(): void;
  /** ctrl/cmd+H: the site's navigation bar. */
  siteHeader(): void;
  settings(): void;
}

/** The keys, for the settings panel's list (decision 051). */
export const SHORTCUT_KEYS: ReadonlyArray<{ keys: string; action: keyof RoomShortcuts }> = [
  { keys: 'Space / Enter', action: 'callNext' },
  { keys: 'P', action: 'pauseResume' },
  { keys: 'A', action: 'auto' },
  { keys: 'B / V', action: 'validate' },
  { keys: 'F', action: 'fullscreen' },
  { keys: 'H / Ctrl+Shift+H', action: 'header' },
  { keys: 'Ctrl+H', action: 'siteHeader' },
  { keys: 'S / Ctrl+S', action: 'settings' },
];

function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    // Space and Enter on a focused button or link press that button; the room does not call on top of it.
    ['BUTTON', 'A'].includes(target.tagName)
  );
}

/**
 * The room's keyboard: one key per control, so an agent at a laptop wired to the TV never looks for the mouse.
 * Off while a dialog is open (its own keys win) and while typing; a held key does not repeat a call.
 */
export function useRoomShortcuts(handlers: RoomShortcuts, enabled = true): void {
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat) return;
      if (document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"]')) return;
      const h = ref.current;
      const key = event.key.toLowerCase();
      if (event.ctrlKey || event.metaKey) {
        // The spec's: ctrl/cmd+H the site header, ctrl/cmd+shift+H the room header, ctrl/cmd+S the settings panel.
        if (key === 'h') {
          event.preventDefault();
          if (event.shiftKey) h.header();
          else h.siteHeader();
        } else if (!event.shiftKey && key === 's') {
          event.preventDefault();
          h.settings();
        }
        return;
      }
      if (event.altKey) return;
      const isTyping = typing(event.target);
      if ((key === ' ' || key === 'enter') && !isTyping) {
        event.preventDefault();
        h.callNext();
        return;
      }
      if (
        isTyping &&
        !(event.target instanceof HTMLButtonElement || event.target instanceof HTMLAnchorElement)
      )
        return;
      const action = {
        p: h.pauseResume,
        a: h.auto,
        b: h.validate,
        v: h.validate,
        f: h.fullscreen,
        h: h.header,
        s: h.settings,
      }[key];
      if (action) {
        event.preventDefault();
        action();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
