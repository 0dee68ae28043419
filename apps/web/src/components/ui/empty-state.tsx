import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  icon?: LucideIcon;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  children?: ReactNode;
  className?: string;
}

export function EmptyState({ icon: Icon, title, description, action, children, className }: EmptyStateProps) {
  return (
    <div
      className={clsx(
        'flex flex-col items-center rounded-xl border border-dashed border-line-strong bg-surface px-6 py-12 text-center sm:py-16',
        className,
      )}
    >
      {Icon && (
        <div className="mb-4 flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
          <Icon className="size-7" aria-hidden="true" />
        </div>
      )}
      <h2 className="text-lg font-semibold text-ink">{title}</h2>
      {description && <p className="mt-2 max-w-md text-sm text-ink-muted sm:text-base">{description}</p>}
      {children}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
