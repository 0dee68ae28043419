import { clsx } from 'clsx';

const SIZES = { sm: 'size-4', md: 'size-6', lg: 'size-10' } as const;

export interface SpinnerProps {
  size?: keyof typeof SIZES;
  /** When given, the spinner announces itself (role=status); otherwise it is decorative. */
  label?: string;
  className?: string;
}

export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  const svg = (
    <svg
      className={clsx('animate-spin', SIZES[size], className)}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeWidth="3" opacity="0.22" />
      <path d="M21.5 12A9.5 9.5 0 0 0 12 2.5" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
  if (!label) return svg;
  return (
    <span role="status" className="inline-flex items-center gap-3">
      {svg}
      <span>{label}</span>
    </span>
  );
}
