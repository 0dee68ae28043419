import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import { Tabs as RadixTabs } from 'radix-ui';
import type { ComponentProps } from 'react';

/**
 * Tabs on Radix: arrow keys move between tabs, Tab goes into the panel. The list scrolls sideways on a phone
 * rather than wrapping, so long Amharic labels never push the panel down.
 */
export const Tabs = RadixTabs.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  return (
    <RadixTabs.List
      className={clsx(
        'flex max-w-full gap-1 overflow-x-auto border-b border-line',
        '[scrollbar-width:none] [&::-webkit-scrollbar]:hidden',
        className,
      )}
      {...props}
    />
  );
}

/** A tab, with its icon before its name where one is given. */
export function TabsTrigger({
  className,
  icon: Icon,
  children,
  ...props
}: ComponentProps<typeof RadixTabs.Trigger> & { icon?: LucideIcon }) {
  return (
    <RadixTabs.Trigger
      className={clsx(
        '-mb-px inline-flex h-11 shrink-0 items-center gap-2 border-b-2 border-transparent px-3 text-sm font-semibold whitespace-nowrap',
        'text-ink-muted transition-colors hover:text-ink',
        'data-[state=active]:border-brand-600 data-[state=active]:text-brand-700',
        // Inside the list, which scrolls and so would clip an outline drawn outside the tab.
        'focus-visible:-outline-offset-3 focus-visible:rounded-md',
        className,
      )}
      {...props}
    >
      {Icon && <Icon className="size-4" aria-hidden="true" />}
      {children}
    </RadixTabs.Trigger>
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={clsx('pt-5 focus-visible:outline-none', className)} {...props} />;
}
