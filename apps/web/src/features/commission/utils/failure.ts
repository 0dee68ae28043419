import type { FieldValues, Path } from 'react-hook-form';
import { get } from 'react-hook-form';
import { ApiError } from '@/lib/api';
import { errorText } from '@/lib/errors';
import type { ContractForm } from '@/lib/form';
import { notify } from '@/lib/toast';

/** Spec 02 section 9: success toasts stay 4 s, errors 5 s. */
export const TOAST_MS = { success: 4000, error: 5000 } as const;

/** The spec's failure toast ('Failed to mark payment as paid'), with the server's reason under it when it gave one. */
export function failureToast(title: string, error: unknown): void {
  const reason = errorText(error, '');
  notify.error(title, { description: reason || undefined, duration: TOAST_MS.error });
}

/**
 * A refused form: a reason about one of its fields (a 400 on `date`) goes under that input, with the focus;
 * anything else is the spec's toast.
 */
export function formFailure<V extends FieldValues, T>(
  form: ContractForm<V, T>,
  error: unknown,
  title: string,
): void {
  const message = errorText(error, '');
  if (
    error instanceof ApiError &&
    error.field &&
    message &&
    get(form.getValues(), error.field) !== undefined
  ) {
    form.setError(error.field as Path<V>, { type: 'server', message }, { shouldFocus: true });
  } else {
    failureToast(title, error);
  }
}
