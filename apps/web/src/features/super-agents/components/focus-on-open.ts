import { useEffect } from 'react';

/**
 * Put the focus on the element `id` once the dialog it is rendered in has opened. Needed by a dialog opened over
 * the earnings dialog: its `autoFocus` runs before its own focus trap starts, so the earnings dialog's trap,
 * still in charge at that moment, takes the focus back, and the new trap then gives it to its first button
 * (Close). Focusing again once both traps have settled puts it where the dialog means it to be (the notes, or
 * Cancel: the safe choice). Render it inside the dialog, so it mounts with the dialog's content.
 */
export function FocusOnOpen({ id }: { id: string }) {
  useEffect(() => {
    const timer = setTimeout(() => {
      const element = document.getElementById(id);
      if (element && document.activeElement !== element) element.focus();
    });
    return () => clearTimeout(timer);
  }, [id]);
  return null;
}
