import { clsx } from 'clsx';
import type { ComponentProps, ReactNode } from 'react';

/*
 * A data table that becomes a list of cards below the md breakpoint: one DOM for both (tests and screen
 * readers see one copy), each cell showing its column's name (`label`) beside its value on a phone, where
 * the header row is hidden. Cells without a label are the card's title or its buttons.
 */

export interface TableProps extends ComponentProps<'table'> {
  /** Names the table for screen readers (visually hidden). */
  caption: ReactNode;
}

export function Table({ caption, className, children, ...props }: TableProps) {
  return (
    <div className="md:overflow-x-auto md:rounded-xl md:border md:border-line md:bg-surface md:shadow-card">
      <table className={clsx('w-full text-left text-sm max-md:block', className)} {...props}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export function TableHead({ className, ...props }: ComponentProps<'thead'>) {
  return (
    <thead className={clsx('border-b border-line bg-surface-muted max-md:sr-only', className)} {...props} />
  );
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return (
    <tbody
      className={clsx('max-md:block max-md:space-y-3 md:divide-y md:divide-line', className)}
      {...props}
    />
  );
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr
      className={clsx(
        'max-md:block max-md:rounded-xl max-md:border max-md:border-line max-md:bg-surface max-md:px-4 max-md:py-3 max-md:shadow-card',
        'md:hover:bg-surface-muted/60',
        className,
      )}
      {...props}
    />
  );
}

export function TableHeaderCell({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={clsx(
        'px-4 py-3 text-xs font-semibold tracking-wide text-ink-muted whitespace-nowrap',
        className,
      )}
      {...props}
    />
  );
}

/** The parts of a phone's card that are no labelled line. */
const PARTS = {
  /** Its title, above a line. */
  title: 'max-md:mb-1 max-md:border-b max-md:border-line max-md:pb-2',
  /** Its top right corner, beside the title (the row is `max-md:relative`): a status. */
  corner: 'max-md:absolute max-md:top-3 max-md:right-4 max-md:min-h-0 max-md:before:hidden',
  /** Its buttons, below a line. */
  actions: 'max-md:mt-2 max-md:border-t max-md:border-line max-md:pt-3',
} as const;

export type TableCellPart = keyof typeof PARTS;

export interface TableCellProps extends ComponentProps<'td'> {
  /** The column's name, shown beside the value on a phone. */
  label?: string;
  /** Where the cell goes in a phone's card, when it is not a labelled line. */
  part?: TableCellPart;
}

export function TableCell({ label, part, className, ...props }: TableCellProps) {
  return (
    <td
      data-label={label}
      className={clsx(
        'px-4 py-3 align-middle',
        'max-md:flex max-md:min-h-9 max-md:items-center max-md:justify-between max-md:gap-4 max-md:px-0 max-md:py-1',
        'max-md:data-[label]:text-right max-md:data-[label]:before:shrink-0 max-md:data-[label]:before:text-left',
        'max-md:data-[label]:before:font-medium max-md:data-[label]:before:text-ink-muted',
        'max-md:data-[label]:before:content-[attr(data-label)]',
        part && PARTS[part],
        className,
      )}
      {...props}
    />
  );
}
