import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
}

/** The page's one h1, a line under it, and the page's main actions. */
export function PageHeader({ title, description, actions, className }: PageHeaderProps) {
  return (
    <header className={clsx('mb-6 flex flex-wrap items-end justify-between gap-4 sm:mb-8', className)}>
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{title}</h1>
        {description && <p className="mt-1 text-sm text-ink-muted sm:text-base">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-3">{actions}</div>}
    </header>
  );
}
