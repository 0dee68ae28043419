import { errorText } from '@/lib/errors';
import { notify } from '@/lib/toast';

/**
 * A business day of an answer ('2025-03-14') as an instant inside that day, for `format.date`: noon UTC is the
 * same calendar day in Addis Ababa (UTC+3), so the day shown is the day sent, in either calendar.
 */
export function businessDay(day: string): string {
  return `${day}T12:00:00Z`;
}

/** Spec 02 section 9: success toasts stay 4 s, errors 5 s. */
export const TOAST_MS = { success: 4000, error: 5000 } as const;

/**
 * A refused status change: what failed ('Failed to mark earning as paid'), and under it the server's own reason
 * (a 409's 'Earning is already paid') when it gave one.
 */
export function failureToast(title: string, error: unknown): void {
  const reason = errorText(error, '');
  notify.error(title, { description: reason || undefined, duration: TOAST_MS.error });
}
