import { errorText } from '@/lib/errors';
import { notify } from '@/lib/toast';

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
