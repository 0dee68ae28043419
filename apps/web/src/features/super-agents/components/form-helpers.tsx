import type { FieldValues } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
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
  if (form.errorOnField(error)) return { title, message: '' };
  return { title, message: errorText(error, '') };
}

/** The dialog's failure, under its fields: what failed, and why when the server said. */
export function FailureAlert({ failure }: { failure: Failure | null }) {
  return (
    failure && (
      <Alert role="alert" title={failure.title} className="sm:col-span-2">
        {failure.message || undefined}
      </Alert>
    )
  );
}
