import { clsx } from 'clsx';

/**
 * The Cartela mark: a bingo card with a winning diagonal and a gold free centre. Decorative; the product
 * name next to it carries the meaning.
 */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={clsx('shrink-0', className)} aria-hidden="true">
      <rect width="32" height="32" rx="8" className="fill-brand-600" />
      <g fill="#fff">
        <rect x="6" y="6" width="5" height="5" rx="1.2" />
        <rect x="13.5" y="6" width="5" height="5" rx="1.2" opacity=".35" />
        <rect x="21" y="6" width="5" height="5" rx="1.2" opacity=".35" />
        <rect x="6" y="13.5" width="5" height="5" rx="1.2" opacity=".35" />
        <rect x="13.5" y="13.5" width="5" height="5" rx="1.2" className="fill-coin-500" />
        <rect x="21" y="13.5" width="5" height="5" rx="1.2" opacity=".35" />
        <rect x="6" y="21" width="5" height="5" rx="1.2" opacity=".35" />
        <rect x="13.5" y="21" width="5" height="5" rx="1.2" opacity=".35" />
        <rect x="21" y="21" width="5" height="5" rx="1.2" />
      </g>
    </svg>
  );
}
