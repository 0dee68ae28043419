import '../i18n';
import type { GameDetail } from '@cartela/contract';
import { CalendarDays, Hash, Hourglass, type LucideIcon, PlusCircle, Users, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isGameMissing, useGame } from '@/api/games';
import { Loading, QueryError, useFailureToast } from '@/components/load-state';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { StatusBadge } from '@/components/ui/status-badge';
import { shortGameId, useFormat } from '@/lib/format';
import { nextGameState } from '@/lib/next-game';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { CalledNumbers } from '../components/called-numbers';
import { CancelledNotice } from '../components/cancelled-notice';
import { ClaimsPanel } from '../components/claims-panel';
import { FairnessPanel } from '../components/fairness-panel';
import { GameDetails } from '../components/game-details';
import { BackToGames, GameMissing } from '../components/game-missing';
import { WinnerPanel } from '../components/winner-panel';

function Stat({ icon: Icon, label, value }: { icon: LucideIcon; label: string; value: string }) {
  return (
    <Card className="flex items-center gap-3 px-3 py-3 sm:px-4 sm:py-4">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600 max-sm:hidden sm:size-10">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <p className="text-xs font-medium text-ink-muted">{label}</p>
        <p className="text-base font-bold text-ink tabular-nums sm:text-lg">{value}</p>
      </div>
    </Card>
  );
}

/** A game still running (or paused) has no winner yet: it says so, not 'Game ended without a winner'. */
function InProgress({ game }: { game: GameDetail }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle icon={Hourglass}>{t('games.history.winner.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <div role="status" className="rounded-lg bg-surface-muted px-4 py-6 text-center">
          <p className="font-semibold text-ink">
            {game.status === 'paused'
              ? t('games.history.inProgress.paused')
              : t('games.history.inProgress.title')}
          </p>
          <p className="mt-1 text-sm text-ink-muted">{t('games.history.inProgress.body')}</p>
        </div>
      </CardContent>
    </Card>
  );
}

function History({ game }: { game: GameDetail }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div className="space-y-6">
      <CancelledNotice game={game} />
      <section className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label={t('games.history.title')}>
        <Stat icon={CalendarDays} label={t('games.history.cards.date')} value={format.date(game.createdAt)} />
        <Stat icon={Hash} label={t('games.history.cards.calls')} value={format.number(game.totalCalls)} />
        <Stat
          icon={Users}
          label={t('games.history.cards.players')}
          value={format.number(game.numberOfPlayers ?? 0)}
        />
        <Stat icon={Wallet} label={t('games.history.cards.moneyLevel')} value={format.etb(game.stake)} />
      </section>
      <CalledNumbers game={game} />
      <div className="grid gap-6 lg:grid-cols-2">
        {(game.status === 'active' || game.status === 'paused') && game.winners.length === 0 ? (
          <InProgress game={game} />
        ) : (
          <WinnerPanel game={game} />
        )}
        <GameDetails game={game} />
      </div>
      <ClaimsPanel game={game} />
      <FairnessPanel game={game} />
    </div>
  );
}

/**
 * 'Next game' once a game is over, finished or cancelled (a cancel opens this page): the wizard on /game with its
 * stake, pattern and cartelas (lib/next-game.ts, decision 085). Agents only: the admin runs no games.
 */
function NextGame({ game }: { game: GameDetail }) {
  const { t } = useTranslation();
  return (
    <Link
      to={paths.games}
      state={nextGameState({
        stake: game.stake,
        patternId: game.selectedWinningPattern,
        cartelas: game.cartelaNumbers,
      })}
      className={buttonClasses()}
    >
      <PlusCircle className="size-4" aria-hidden="true" />
      {t('games.list.nextGame')}
    </Link>
  );
}

/**
 * /game-history/{gameId} (product/screens.md#game-history): one game's story, read from the server (a list row's
 * data lacks the calls and the proof). Its own chunk: the draw verifier of packages/core comes with it, never with
 * the sign-in screen.
 */
export function GameHistoryPage() {
  const { t } = useTranslation();
  const { gameId = '' } = useParams();
  const { user } = useSession();
  const game = useGame(gameId);
  const missing = game.isError && isGameMissing(game.error);
  useFailureToast(
    game.error,
    game.errorUpdatedAt,
    missing ? t('games.history.dataUnavailable') : t('games.history.loadFailed'),
  );
  const data = game.data;
  const over = data?.status === 'finished' || data?.status === 'cancelled';

  return (
    <>
      <div className="mb-3">
        <BackToGames />
      </div>
      <PageHeader
        title={t('games.history.title')}
        description={
          data && (
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-semibold text-ink tabular-nums" title={data.gameId}>
                {t('games.gameId', { id: `#${shortGameId(data.gameId)}` })}
              </span>
              <StatusBadge kind="game" texts="games.status" status={data.status} />
            </span>
          )
        }
        actions={data && over && user?.role === 'agent' && <NextGame game={data} />}
      />
      {game.isPending && <Loading label={t('games.history.loading')} />}
      {missing && <GameMissing />}
      {game.isError && !missing && !data && <QueryError title={t('games.history.loadFailed')} query={game} />}
      {data && <History game={data} />}
    </>
  );
}
