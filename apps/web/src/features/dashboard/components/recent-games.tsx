import type { AgentStatsResponse } from '@cartela/contract';
import { ArrowRight, Gamepad2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusBadge } from '@/components/ui/status-badge';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@/components/ui/table';
import { shortGameId } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useDisplay } from '../utils/display';

type RecentGame = AgentStatsResponse['games'][number];

/** A running game opens in its room (to carry on); a finished or cancelled one opens its history. */
const linkOf = (game: RecentGame) =>
  game.status === 'finished' || game.status === 'cancelled'
    ? paths.gameHistory(game.gameId)
    : paths.gameRoom(game.gameId);

/** The agent's 5 newest games (product/screens.md#agent-dashboard): id, players, stake, agent fee and status. */
export function RecentGames({ games }: { games: readonly RecentGame[] }) {
  const { t } = useTranslation();
  const display = useDisplay();
  const titleId = useId();
  const columns = {
    gameId: t('dashboard.recent.gameId'),
    players: t('dashboard.recent.players'),
    stake: t('dashboard.recent.stake'),
    agentFee: t('dashboard.recent.agentFee'),
    status: t('dashboard.recent.status'),
  };
  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-x-3">
        <div className="min-w-0 space-y-1">
          <h2 id={titleId} className="text-lg font-semibold text-ink">
            {t('dashboard.recent.title')}
          </h2>
          <p className="text-sm text-ink-muted">{t('dashboard.recent.hint')}</p>
        </div>
        <Link
          to={paths.games}
          className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          {t('dashboard.recent.all')}
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
      {games.length === 0 ? (
        <div className="flex flex-col items-center rounded-xl border border-dashed border-line-strong bg-surface px-4 py-8 text-center">
          <Gamepad2 className="mb-3 size-8 text-ink-subtle" aria-hidden="true" />
          <p className="font-semibold text-ink">{t('dashboard.recent.empty')}</p>
          <p className="mt-1 text-sm text-ink-muted">{t('dashboard.recent.emptyBody')}</p>
        </div>
      ) : (
        <Table caption={t('dashboard.recent.caption')}>
          <TableHead>
            <tr>
              <TableHeaderCell>{columns.gameId}</TableHeaderCell>
              <TableHeaderCell className="text-right">{columns.players}</TableHeaderCell>
              <TableHeaderCell className="text-right">{columns.stake}</TableHeaderCell>
              <TableHeaderCell className="text-right">{columns.agentFee}</TableHeaderCell>
              <TableHeaderCell>{columns.status}</TableHeaderCell>
            </tr>
          </TableHead>
          <TableBody>
            {games.map((game) => {
              const id = shortGameId(game.gameId);
              return (
                <TableRow key={game.id}>
                  <TableCell part="title">
                    <Link
                      to={linkOf(game)}
                      title={game.gameId}
                      aria-label={t('dashboard.recent.open', { id })}
                      className="inline-flex min-h-9 items-center font-mono font-semibold text-brand-700 underline-offset-4 hover:underline"
                    >
                      #{id}
                    </Link>
                  </TableCell>
                  <TableCell label={columns.players} className="tabular-nums md:text-right">
                    {display.number(game.numberOfPlayers)}
                  </TableCell>
                  <TableCell label={columns.stake} className="whitespace-nowrap tabular-nums md:text-right">
                    {display.etb(game.stake)}
                  </TableCell>
                  <TableCell
                    label={columns.agentFee}
                    className="whitespace-nowrap tabular-nums md:text-right"
                  >
                    {display.etb(game.agentFee)}
                  </TableCell>
                  <TableCell label={columns.status}>
                    <StatusBadge kind="game" texts="dashboard.status" status={game.status} />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
