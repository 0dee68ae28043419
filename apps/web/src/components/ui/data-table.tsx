import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from './button';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from './table';

export interface DataColumn<T> {
  /** The column's name: its header, and beside each value on a phone. */
  name: string;
  /**
   * 'title': the card's title on a phone; 'actions': its buttons (the header is right-aligned, or only for
   * screen readers with `hideName`). Neither shows the column's name beside the value.
   */
  part?: 'title' | 'actions';
  /** A number: right-aligned on a wider screen, in digits of one width. */
  numeric?: boolean;
  /** The header only for screen readers. */
  hideName?: boolean;
  /** The cell's classes, for every row or by row. */
  className?: string | ((row: T) => string | undefined);
  cell: (row: T) => ReactNode;
}

/** A column of amounts: right-aligned digits on one line; `strong` for the figure that matters most. */
export function amountColumn<T>(name: string, cell: (row: T) => ReactNode, strong = false): DataColumn<T> {
  return {
    name,
    numeric: true,
    className: clsx('whitespace-nowrap', strong && 'font-semibold text-ink'),
    cell,
  };
}

/** A column whose values stay on one line (a date, a type). */
export function oneLineColumn<T>(name: string, cell: (row: T) => ReactNode): DataColumn<T> {
  return { name, className: 'whitespace-nowrap', cell };
}

export interface RowAction {
  icon: LucideIcon;
  /** What the button says ('Edit'). */
  text: string;
  /** Its whole name for screen readers, with the row's ('Edit super1'). */
  label: string;
  onClick: () => void;
  variant?: ButtonVariant;
  disabled?: boolean;
}

/** A row's buttons, in the actions column: each an icon and a word, right-aligned, wrapping on a phone's card. */
export function RowActions({ actions }: { actions: readonly RowAction[] }) {
  return (
    <div className="flex w-full flex-wrap justify-end gap-2">
      {actions.map(({ icon: Icon, text, label, onClick, variant = 'outline', disabled }) => (
        <Button
          key={text}
          variant={variant}
          size="sm"
          onClick={onClick}
          disabled={disabled}
          aria-label={label}
          icon={Icon}
        >
          {text}
        </Button>
      ))}
    </div>
  );
}

export interface DataTableProps<T> {
  /** Names the table for screen readers. */
  caption: ReactNode;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** The row's name for screen readers (who and when), where its first cell alone does not say it. */
  rowLabel?: (row: T) => string;
  /** A row's own look (an ended agreement greyed). */
  rowClassName?: (row: T) => string | undefined;
  className?: string;
}

/**
 * A list of records as a table, a card per record on a phone (ui/table.tsx), built from its columns: one shell
 * for the payments, earnings, agreements, rate settings, super agents and voice packs, so their headers,
 * alignment and cards cannot drift apart.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  rowLabel,
  rowClassName,
  className,
}: DataTableProps<T>) {
  return (
    <Table caption={caption} className={className}>
      <TableHead>
        <tr>
          {columns.map((column) => (
            <TableHeaderCell
              key={column.name}
              className={column.numeric || column.part === 'actions' ? 'text-right' : undefined}
            >
              {column.hideName ? <span className="sr-only">{column.name}</span> : column.name}
            </TableHeaderCell>
          ))}
        </tr>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={rowKey(row)} aria-label={rowLabel?.(row)} className={rowClassName?.(row)}>
            {columns.map((column) => {
              const own = typeof column.className === 'function' ? column.className(row) : column.className;
              return (
                <TableCell
                  key={column.name}
                  label={column.part ? undefined : column.name}
                  part={column.part}
                  className={clsx(column.numeric && 'tabular-nums md:text-right', own)}
                >
                  {column.cell(row)}
                </TableCell>
              );
            })}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
