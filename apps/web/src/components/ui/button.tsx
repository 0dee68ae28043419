import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Spinner } from './spinner';

const VARIANTS = {
  primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700 active:bg-brand-800',
  secondary: 'bg-brand-50 text-brand-700 hover:bg-brand-100 active:bg-brand-200',
  outline: 'border border-line-strong bg-surface text-ink shadow-xs hover:bg-surface-muted active:bg-line',
  ghost: 'text-ink-muted hover:bg-surface-muted hover:text-ink active:bg-line',
  danger: 'bg-danger-600 text-white shadow-sm hover:bg-danger-700',
} as const;

// Every size keeps a 44 px target on touch screens.
const SIZES = {
  sm: 'h-9 px-3 text-sm pointer-coarse:h-11',
  md: 'h-11 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'size-11',
} as const;

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;

export interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

/** The button look, for links that should look like buttons. */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
}: ButtonStyle = {}): string {
  return clsx(
    'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-lg font-semibold',
    'transition-colors select-none disabled:cursor-not-allowed disabled:opacity-55',
    VARIANTS[variant],
    SIZES[size],
    fullWidth && 'w-full',
  );
}

export interface ButtonProps extends ComponentProps<'button'>, ButtonStyle {
  /** Shows a spinner and disables the button (the label can change to say what is happening). */
  loading?: boolean;
  /** The icon before the label; the spinner takes its place while loading. */
  icon?: LucideIcon;
}

export function Button({
  variant,
  size,
  fullWidth,
  loading = false,
  icon: Icon,
  disabled,
  className,
  children,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={clsx(buttonClasses({ variant, size, fullWidth }), className)}
      {...props}
    >
      {loading && <Spinner size="sm" />}
      {Icon && !loading && <Icon className="size-4" aria-hidden="true" />}
      {children}
    </button>
  );
}
