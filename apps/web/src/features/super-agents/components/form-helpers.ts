import type { FieldValues, Path } from 'react-hook-form';
import { ApiError } from '@/lib/api';
import { errorText } from '@/lib/errors';
import type { ContractForm } from '@/lib/form';

/** What a dialog's alert says after a refused call: the spec's title, and the server's own reason. */
export interface Failure {
  title: string;
  message: string;
}

/**
 * The spec has these screens "use alerts": the failure stays in the dialog, above its buttons, instead of a
 * toast that vanishes while the admin is still reading the form. A reason about one field (a taken username)
 * goes under that input, with the focus; the alert then only names what failed.
 */
export function dialogFailure<V extends FieldValues, T>(
  form: ContractForm<V, T>,
  error: unknown,
  title: string,
): Failure {
  const message = errorText(error, '');
  if (error instanceof ApiError && error.field && error.field in form.getValues() && message) {
    form.setError(error.field as Path<V>, { type: 'server', message }, { shouldFocus: true });
    return { title, message: '' };
  }
  return { title, message };
}

/** A rate as stored, 12.345 -> '12.345%' (up to the contract's 4 decimals): the one rule in lib/percent.ts. */
export { percentText as rateText } from '@/lib/percent';
