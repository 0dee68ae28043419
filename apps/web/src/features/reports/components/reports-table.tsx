import type { ReportGame } from '@cartela/contract';
import { clsx } from 'clsx';
import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GameStatusBadge } from '@/components/ui/status-badge';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@/components/ui/table';
import { shortGameId, useFormat } from '@/lib/format';
import { paths } from '@/lib/paths';
import { usePercent } from '@/lib/percent';
import type { SortField, SortOrder } from '../utils/search';

export interface ReportsTableProps {
  games: readonly ReportGame[];
  /** The admin's report names each game's agent. */
  showAgent: boolean;
  sortBy: SortField;
  sortOrder: SortOrder;
  onSort: (field: SortField) => void;
}

interface SortHeaderProps extends Pick<ReportsTableProps, 'sortBy' | 'sortOrder' | 'onSort'> {
  field: SortField;
  label: string;
  numeric?: boolean;
}

/**
 * A sortable column's header: a button (Enter and Space work, as on any button) and `aria-sort` on the
 * header cell, so a screen reader says which column sorts the rows and which way.
 */
function SortHeader({ field, label, numeric = false, sortBy, sortOrder, onSort }: SortHeaderProps) {
  const active = sortBy === field;
  const Icon = !active ? ChevronsUpDown : sortOrder === 'asc' ? ArrowUp : ArrowDown;
  return (
    <TableHeaderCell
      aria-sort={active ? (sortOrder === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={numeric ? 'text-right' : undefined}
    >
      <button
        type="button"
        onClick={() => onSort(field)}
        className={clsx(
          'inline-flex items-center gap-1 rounded font-semibold tracking-wide whitespace-nowrap',
          'hover:text-ink focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
          active && 'text-ink',
        )}
      >
        {label}
        <Icon className={clsx('size-3.5 shrink-0', !active && 'opacity-50')} aria-hidden="true" />
      </button>
    </TableHeaderCell>
  );
}

/**
 * The report's games (product/screens.md#reports): game id, agent (the admin), stake, players, total calls,
 * commission %, fee, total, date and status. The id opens the game's history. A phone shows one card per game.
 *
 * The id is shown whole (decision 066): the report sorts by it, and so does its CSV, which has it whole; by the
 * last 8 characters alone (the spec's display, kept by the room and the lists) a sorted column would look
 * shuffled. Those 8 stand out, so the id seen in the room is found at a glance.
 */
export function ReportsTable({ games, showAgent, sortBy, sortOrder, onSort }: ReportsTableProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const rate = usePercent();
  const sort = { sortBy, sortOrder, onSort };
  const columns = {
    gameId: t('reports.table.gameId'),
    agent: t('reports.table.agent'),
    stake: t('reports.table.stake'),
    players: t('reports.table.players'),
    calls: t('reports.table.calls'),
    commissionPercent: t('reports.table.commissionPercent'),
    fee: t('reports.table.fee'),
    total: t('reports.table.total'),
    date: t('reports.table.date'),
    status: t('reports.table.status'),
  };
  const numeric = 'tabular-nums md:text-right';
  const money = `${numeric} whitespace-nowrap`;

  return (
    <Table caption={t('reports.table.caption')}>
      <TableHead>
        <tr>
          <SortHeader field="gameId" label={columns.gameId} {...sort} />
          {showAgent && <TableHeaderCell>{columns.agent}</TableHeaderCell>}
          <SortHeader field="stake" label={columns.stake} numeric {...sort} />
          <SortHeader field="numberOfPlayers" label={columns.players} numeric {...sort} />
          <TableHeaderCell className="text-right">{columns.calls}</TableHeaderCell>
          <TableHeaderCell className="text-right">{columns.commissionPercent}</TableHeaderCell>
          <SortHeader field="agentFee" label={columns.fee} numeric {...sort} />
          <SortHeader field="totalAmount" label={columns.total} numeric {...sort} />
          <SortHeader field="createdAt" label={columns.date} {...sort} />
          <TableHeaderCell>{columns.status}</TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {games.map((game) => {
          const id = game.gameId;
          // The part the room and the lists show (product/draw.md#game-ids), and what comes before it.
          const tail = shortGameId(id);
          const head = id.slice(0, id.length - tail.length);
          return (
            <TableRow key={game.id} aria-label={t('reports.table.row', { id })} className="max-md:relative">
              <TableCell part="title">
                <div className="min-w-0 max-md:pr-24">
                  <Link
                    to={paths.gameHistory(game.gameId)}
                    className="font-mono font-semibold break-all text-brand-700 underline-offset-4 hover:underline"
                  >
                    #{head && <span className="font-normal text-ink-muted">{head}</span>}
                    {tail}
                  </Link>
                </div>
              </TableCell>
              {showAgent && (
                <TableCell label={columns.agent} className="max-md:break-all">
                  {game.agentUsername}
                </TableCell>
              )}
              <TableCell label={columns.stake} className={money}>
                {format.etb(game.stake)}
              </TableCell>
              <TableCell label={columns.players} className={numeric}>
                {format.number(game.numberOfPlayers)}
              </TableCell>
              <TableCell label={columns.calls} className={numeric}>
                {format.number(game.totalCalls)}
              </TableCell>
              <TableCell label={columns.commissionPercent} className={numeric}>
                {rate(game.commissionPercent)}
              </TableCell>
              {/* A cancelled game moved no money (decision 064): no fee, no total; its refund, if any. */}
              <TableCell label={columns.fee} className={money}>
                {game.status === 'cancelled' ? (
                  <span className="text-ink-muted">
                    <span aria-hidden="true">—</span>
                    <span className="sr-only">{t('reports.table.noMoney')}</span>
                    {game.refundedCoins > 0 && (
                      <span className="block text-xs">
                        {t('reports.table.refunded', { count: game.refundedCoins })}
                      </span>
                    )}
                  </span>
                ) : (
                  format.etb(game.agentFee)
                )}
              </TableCell>
              <TableCell label={columns.total} className={money}>
                {game.status === 'cancelled' ? (
                  <span className="text-ink-muted">
                    <span aria-hidden="true">—</span>
                    <span className="sr-only">{t('reports.table.noMoney')}</span>
                  </span>
                ) : (
                  format.etb(game.totalAmount)
                )}
              </TableCell>
              <TableCell label={columns.date} className="whitespace-nowrap">
                {format.dateTime(game.createdAt)}
              </TableCell>
              {/* A phone's card shows the status in its top corner, beside the id. */}
              <TableCell label={columns.status} part="corner">
                <span
                  title={
                    game.cancelReason
                      ? t('reports.table.cancelReason', { reason: game.cancelReason })
                      : undefined
                  }
                >
                  <GameStatusBadge texts="reports.status" game={game} />
                </span>
                {game.cancelReason && (
                  <p className="mt-1 max-w-48 truncate text-xs text-ink-subtle max-md:hidden">
                    {t('reports.table.cancelReason', { reason: game.cancelReason })}
                  </p>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
