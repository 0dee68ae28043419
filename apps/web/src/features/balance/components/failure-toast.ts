import { ApiError } from '@/lib/api';
import { errorText } from '@/lib/errors';
import { notify } from '@/lib/toast';

/** Spec 02 section 9: error toasts stay 5 s, success toasts 4 s. */
export const TOAST_MS = { success: 4000, error: 5000 } as const;

/** The spec's toast ('Failed to rebalance cartelas'), with the server's reason under it when it gave one. */
export function failureToast(title: string, error: unknown): void {
  const reason = errorText(error, '');
  notify.error(title, { description: reason || undefined, duration: TOAST_MS.error });
}

/** What '{status}' reads in 'Failed to load balance statistics: {status}': the HTTP status, or why there is none. */
export function statusOf(error: unknown): string {
  if (error instanceof ApiError && error.status > 0) return String(error.status);
  return errorText(error, 'NETWORK');
}
