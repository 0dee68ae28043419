import type { Game } from '@cartela/contract';
import { clsx } from 'clsx';
import { ChevronRight, History, PlayCircle, PlusCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { GameStatusBadge } from '@/components/ui/status-badge';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@/components/ui/table';
import { shortGameId, useFormat } from '@/lib/format';
import type { NextGamePrefill } from '@/lib/next-game';
import { paths } from '@/lib/paths';
import { usePercent } from '@/lib/percent';
import { usePatternText } from '../utils/display';

export interface GamesTableProps {
  games: readonly Game[];
  /** The admin's list of every agent's games names each game's agent. */
  showAgent?: boolean;
  /** 'Next game' on a finished or cancelled game (an agent's list): the wizard with its stake, pattern and cartelas. */
  onNextGame?: (prefill: NextGamePrefill) => void;
}

/**
 * A running game opens in its room; a finished or cancelled one opens its history. The admin never runs a game
 * (the room's state is the agent's): an admin's link always opens the history, read-only, running or not.
 */
export function gameLink(
  game: Pick<Game, 'gameId' | 'status'>,
  admin = false,
): { to: string; over: boolean } {
  const over = game.status === 'finished' || game.status === 'cancelled';
  return {
    to: over || admin ? paths.gameHistory(game.gameId) : paths.gameRoom(game.gameId),
    over: over || admin,
  };
}

/**
 * The games of product/screens.md#game-management: Game ID, Status, Players, Stake, Total Amount, Commission,
 * Commission %, Pattern, Calls, Created and Actions. The spec's Actions column holds only a dash; here it opens
 * the game (its room while it runs, its history once over). A phone shows one card per game.
 */
export function GamesTable({ games, showAgent = false, onNextGame }: GamesTableProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const rate = usePercent();
  const pattern = usePatternText();
  const columns = {
    gameId: t('games.list.columns.gameId'),
    status: t('games.list.columns.status'),
    players: t('games.list.columns.players'),
    stake: t('games.list.columns.stake'),
    totalAmount: t('games.list.columns.totalAmount'),
    commission: t('games.list.columns.commission'),
    commissionPercent: t('games.list.columns.commissionPercent'),
    pattern: t('games.list.columns.pattern'),
    calls: t('games.list.columns.calls'),
    created: t('games.list.columns.created'),
    actions: t('games.list.columns.actions'),
  };
  const numeric = 'tabular-nums md:text-right';

  return (
    <Table caption={t('games.list.caption')}>
      <TableHead>
        <tr>
          <TableHeaderCell>{columns.gameId}</TableHeaderCell>
          <TableHeaderCell>{columns.status}</TableHeaderCell>
          <TableHeaderCell className="text-right">{columns.players}</TableHeaderCell>
          <TableHeaderCell className="text-right">{columns.stake}</TableHeaderCell>
          <TableHeaderCell className="text-right">{columns.totalAmount}</TableHeaderCell>
          <TableHeaderCell className="text-right">{columns.commission}</TableHeaderCell>
          <TableHeaderCell className="text-right">{columns.commissionPercent}</TableHeaderCell>
          <TableHeaderCell>{columns.pattern}</TableHeaderCell>
          <TableHeaderCell className="text-right">{columns.calls}</TableHeaderCell>
          <TableHeaderCell>{columns.created}</TableHeaderCell>
          <TableHeaderCell>{columns.actions}</TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {games.map((game) => {
          const id = shortGameId(game.gameId);
          const { to, over } = gameLink(game, showAgent);
          return (
            <TableRow key={game.id} aria-label={t('games.gameId', { id })} className="max-md:relative">
              <TableCell part="title">
                <div className="min-w-0 max-md:pr-24">
                  <Link
                    to={to}
                    title={game.gameId}
                    className="font-mono font-semibold text-brand-700 underline-offset-4 hover:underline"
                  >
                    #{id}
                  </Link>
                  {showAgent && (
                    <p className="text-xs text-ink-muted">
                      {t('games.list.agent', { name: game.agentUsername })}
                    </p>
                  )}
                </div>
              </TableCell>
              {/* A phone's card shows the status in its top corner, beside the id. */}
              <TableCell label={columns.status} part="corner">
                <GameStatusBadge
                  texts="games.status"
                  game={{ status: game.status, winners: game.winners.length }}
                  title={
                    game.status === 'cancelled' && game.cancelReason
                      ? t('games.list.cancelledBecause', { reason: game.cancelReason })
                      : undefined
                  }
                />
              </TableCell>
              <TableCell label={columns.players} className={numeric}>
                {format.number(game.numberOfPlayers)}
              </TableCell>
              <TableCell label={columns.stake} className={`${numeric} whitespace-nowrap`}>
                {format.etb(game.stake)}
              </TableCell>
              <TableCell label={columns.totalAmount} className={`${numeric} whitespace-nowrap`}>
                {format.etb(game.totalAmount)}
              </TableCell>
              <TableCell label={columns.commission} className={`${numeric} whitespace-nowrap`}>
                <span>
                  {format.etb(game.agentFee)}
                  {/* A phone's card has no Commission % line: the rate sits beside the amount. */}
                  <span className="text-ink-muted md:hidden"> ({rate(game.commissionPercent)})</span>
                </span>
              </TableCell>
              <TableCell label={columns.commissionPercent} className={`${numeric} max-md:sr-only`}>
                {rate(game.commissionPercent)}
              </TableCell>
              <TableCell label={columns.pattern}>{pattern.name(game.selectedWinningPattern)}</TableCell>
              <TableCell label={columns.calls} className={numeric}>
                {format.number(game.totalCalls)}
              </TableCell>
              <TableCell label={columns.created} className="whitespace-nowrap">
                {format.dateTime(game.createdAt)}
              </TableCell>
              {/* On a phone the buttons stack, each the card's width (side by side they were two full widths). */}
              <TableCell part="actions" className="max-md:flex-col max-md:items-stretch max-md:gap-2">
                <Link
                  to={to}
                  aria-label={over ? t('games.list.historyOf', { id }) : t('games.list.openRoomOf', { id })}
                  className={clsx(
                    buttonClasses({ variant: over ? 'outline' : 'secondary', size: 'sm' }),
                    'max-md:w-full',
                  )}
                >
                  {over ? (
                    <History className="size-4" aria-hidden="true" />
                  ) : (
                    <PlayCircle className="size-4" aria-hidden="true" />
                  )}
                  {over ? t('games.list.viewHistory') : t('games.list.openRoom')}
                  <ChevronRight className="size-4 md:hidden" aria-hidden="true" />
                </Link>
                {/* A cancelled game too: its round was not played, the next one is (decision 085). */}
                {onNextGame && (game.status === 'finished' || game.status === 'cancelled') && (
                  <Button
                    size="sm"
                    className="max-md:w-full md:ml-2"
                    aria-label={t('games.list.nextGameOf', { id })}
                    onClick={() =>
                      onNextGame({
                        stake: game.stake,
                        patternId: game.selectedWinningPattern,
                        cartelas: game.cartelaNumbers,
                      })
                    }
                    icon={PlusCircle}
                  >
                    {t('games.list.nextGame')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
