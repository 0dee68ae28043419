import { clsx } from 'clsx';
import type { ComponentProps, ReactNode } from 'react';

export function Label({ className, ...props }: ComponentProps<'label'>) {
  // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor
  return <label className={clsx('block text-sm font-medium text-ink', className)} {...props} />;
}

export interface FieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  children: ReactNode;
  className?: string;
}

/**
 * A visible label, the control, then a hint or an error. The control should carry
 * aria-describedby={fieldDescriptionId(id)} when a hint or error is shown.
 */
export function Field({ id, label, hint, error, children, className }: FieldProps) {
  return (
    <div className={clsx('space-y-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={fieldDescriptionId(id)} className="text-sm text-danger-700">
          {error}
        </p>
      ) : hint ? (
        <p id={fieldDescriptionId(id)} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export const fieldDescriptionId = (id: string) => `${id}-description`;
