import '../i18n';
import { Dices, History } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { useFormat } from '@/lib/format';
import { paths } from '@/lib/paths';
import { isGameMissing, useGame } from '../api/game';
import { BackToGames, GameMissing } from '../components/game-missing';
import { LoadError, Loading } from '../components/load-state';
import { StatusBadge } from '../components/status-badge';
import { shortGameId, usePatternText } from '../utils/display';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Card className="px-4 py-3">
      <dt className="text-xs font-medium text-ink-muted">{label}</dt>
      <dd className="mt-0.5 text-lg font-bold text-ink tabular-nums">{children}</dd>
    </Card>
  );
}

/**
 * /game/{gameId}: the game room comes in a later issue. Until then this shows the game the wizard just made
 * (or a running one from the list) and leads to its history once it is over.
 */
export function GameRoomPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const pattern = usePatternText();
  const { gameId = '' } = useParams();
  const game = useGame(gameId);
  const data = game.data;
  const over = data?.status === 'finished' || data?.status === 'cancelled';

  return (
    <>
      <div className="mb-3">
        <BackToGames />
      </div>
      <PageHeader
        title={t('games.room.title')}
        description={
          data && (
            <span className="font-semibold text-ink tabular-nums" title={data.gameId}>
              {t('games.gameId', { id: `#${shortGameId(data.gameId)}` })}
            </span>
          )
        }
        actions={
          over && (
            <Link to={paths.gameHistory(data.gameId)} className={buttonClasses({ variant: 'outline' })}>
              <History className="size-4" aria-hidden="true" />
              {t('games.room.history')}
            </Link>
          )
        }
      />
      {game.isPending && <Loading label={t('games.room.loading')} />}
      {game.isError && isGameMissing(game.error) && <GameMissing />}
      {game.isError && !isGameMissing(game.error) && !data && (
        <LoadError
          title={t('games.room.loadFailed')}
          error={game.error}
          onRetry={() => void game.refetch()}
          retrying={game.isFetching}
        />
      )}
      {data && (
        <div className="space-y-6">
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
            <Fact label={t('games.room.status')}>
              <StatusBadge status={data.status} />
            </Fact>
            <Fact label={t('games.room.players')}>{format.number(data.numberOfPlayers)}</Fact>
            <Fact label={t('games.room.prize')}>{format.etb(data.prize)}</Fact>
            <Fact label={t('games.room.pattern')}>{pattern.name(data.selectedWinningPattern)}</Fact>
            <Fact label={t('games.room.calls')}>{format.number(data.totalCalls)}</Fact>
          </dl>
          <EmptyState
            icon={Dices}
            title={<Badge tone="brand">{t('common.comingSoon')}</Badge>}
            description={t('games.room.comingSoon')}
          />
        </div>
      )}
    </>
  );
}
