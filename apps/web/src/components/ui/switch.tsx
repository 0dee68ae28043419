import { clsx } from 'clsx';
import type { ComponentProps } from 'react';

/**
 * An on/off switch: a native checkbox with role="switch", so it takes a form registration like any checkbox
 * and Space toggles it. The visible track and knob follow the checkbox's state.
 */
export function Switch({ className, ...props }: Omit<ComponentProps<'input'>, 'type' | 'role'>) {
  return (
    <span className={clsx('relative inline-flex h-6 w-11 shrink-0', className)}>
      <input
        type="checkbox"
        // biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox carries its own checked state
        role="switch"
        className="peer absolute inset-0 z-10 size-full cursor-pointer appearance-none rounded-full focus:outline-none disabled:cursor-not-allowed"
        {...props}
      />
      <span
        aria-hidden="true"
        className={clsx(
          'absolute inset-0 rounded-full bg-line-strong transition-colors peer-checked:bg-brand-600',
          'peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500',
          'peer-disabled:opacity-55',
        )}
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow-sm transition-transform peer-checked:translate-x-5"
      />
    </span>
  );
}
