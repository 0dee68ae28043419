import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { inputClasses } from './input';

/**
 * A native select, styled. On a phone it opens the system picker, which is what agents know and what
 * works best with a thumb; a custom listbox would add weight and nothing a user would notice.
 */
export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className="relative">
      <select className={clsx(inputClasses, 'appearance-none pr-10', className)} {...props}>
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-ink-muted"
        aria-hidden="true"
      />
    </div>
  );
}

/** One <option> per item: what it says (`text`), and its value (`value`, the item itself by default). */
export function Options<T>({
  items,
  text,
  value = String,
}: {
  items: readonly T[];
  text: (item: T) => ReactNode;
  value?: (item: T) => string;
}) {
  return items.map((item) => (
    <option key={value(item)} value={value(item)}>
      {text(item)}
    </option>
  ));
}
