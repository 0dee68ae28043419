import { clsx } from 'clsx';
import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';

export interface DisclosureProps {
  /** What opening it shows ('Show as table'). */
  summary: ReactNode;
  className?: string;
  /** The shown part's own look (its padding, its scrolling). */
  contentClassName?: string;
  children: ReactNode;
}

/** A part shown on demand: the browser's own <details>, its summary a link-coloured line with a turning arrow. */
export function Disclosure({ summary, className, contentClassName, children }: DisclosureProps) {
  return (
    <details className={clsx('group rounded-lg border border-line', className)}>
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 px-3 text-sm font-medium text-brand-700 [&::-webkit-details-marker]:hidden">
        <ChevronRight className="size-4 transition-transform group-open:rotate-90" aria-hidden="true" />
        {summary}
      </summary>
      <div className={clsx('border-t border-line', contentClassName)}>{children}</div>
    </details>
  );
}
