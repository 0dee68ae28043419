import { clsx } from 'clsx';
import type { ComponentProps } from 'react';

const TONES = {
  neutral: 'bg-neutral-100 text-neutral-700 ring-line',
  brand: 'bg-brand-50 text-brand-700 ring-brand-200',
  success: 'bg-success-50 text-success-700 ring-success-600/25',
  danger: 'bg-danger-50 text-danger-700 ring-danger-200',
  warning: 'bg-warning-50 text-warning-800 ring-warning-500/40',
  coin: 'bg-coin-50 text-coin-800 ring-coin-500/40',
} as const;

export type BadgeTone = keyof typeof TONES;

export interface BadgeProps extends ComponentProps<'span'> {
  tone?: BadgeTone;
}

export function Badge({ tone = 'neutral', className, ...props }: BadgeProps) {
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        TONES[tone],
        className,
      )}
      {...props}
    />
  );
}
