import { clsx } from 'clsx';
import { AlertCircle, CheckCircle2, Info, TriangleAlert } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';

const TONES = {
  danger: { box: 'border-danger-200 bg-danger-50 text-danger-700', icon: AlertCircle },
  warning: { box: 'border-warning-500/60 bg-warning-50 text-warning-800', icon: TriangleAlert },
  info: { box: 'border-brand-200 bg-brand-50 text-brand-800', icon: Info },
  success: { box: 'border-success-600/30 bg-success-50 text-success-700', icon: CheckCircle2 },
} as const;

export type AlertTone = keyof typeof TONES;

export interface AlertProps extends Omit<ComponentProps<'div'>, 'title'> {
  tone?: AlertTone;
  title?: ReactNode;
}

/**
 * A message in the page or a dialog, with its icon. `role="alert"` is for what just went wrong (read out at
 * once); pass `role="status"` or none for standing information.
 */
export function Alert({ tone = 'danger', title, children, className, ...props }: AlertProps) {
  const { box, icon: Icon } = TONES[tone];
  return (
    <div
      className={clsx('flex items-start gap-3 rounded-lg border px-4 py-3 text-sm', box, className)}
      {...props}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0 space-y-0.5">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className={clsx(title && 'text-ink')}>{children}</div>}
      </div>
    </div>
  );
}
