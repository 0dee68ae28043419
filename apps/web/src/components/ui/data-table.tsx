import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from './table';

/** On a phone: the card's title, above a line. */
const CARD_TITLE = 'max-md:mb-1 max-md:border-b max-md:border-line max-md:pb-2';
/** On a phone: the card's buttons, below a line. */
const CARD_FOOTER = 'max-md:mt-2 max-md:border-t max-md:border-line max-md:pt-3';

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
                  className={clsx(
                    column.part === 'title' && CARD_TITLE,
                    column.part === 'actions' && CARD_FOOTER,
                    column.numeric && 'tabular-nums md:text-right',
                    own,
                  )}
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
