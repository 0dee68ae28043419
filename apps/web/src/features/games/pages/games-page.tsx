import '../i18n';
import { Gamepad2, Plus } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useGames } from '@/api/games';
import { Loading, QueryError, useFailureToast } from '@/components/load-state';
import { Pagination, pageFromSearch, withPage } from '@/components/pagination';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { useFormat } from '@/lib/format';
import { type NextGamePrefill, readNextGame } from '@/lib/next-game';
import { useSession } from '@/lib/session';
import { GamesTable } from '../components/games-table';

// The wizard (its grid of 300 cartelas, the economics) is its own chunk, fetched while the list loads.
const loadWizard = () => import('../components/create-game-wizard');
const CreateGameWizard = lazy(async () => ({ default: (await loadWizard()).CreateGameWizard }));

/**
 * /game, 'Game Management' (product/screens.md#game-management): an agent's games, 10 a page, and the wizard that
 * creates one. The admin may open it too and sees every agent's games (20 a page), without the wizard: only agents
 * run games. The page number is in the address (?page=2), so Back and a shared link keep it.
 */
export function GamesPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const { user } = useSession();
  const admin = user?.role === 'admin';
  const [params, setParams] = useSearchParams();
  const page = pageFromSearch(params.get('page'));
  const games = useGames(admin ? 'admin' : 'agent', page);
  const [creating, setCreating] = useState(false);
  const [prefill, setPrefill] = useState<NextGamePrefill | null>(null);
  // 'Next game' from the room arrives with the last game in the navigation state (lib/next-game.ts): the wizard
  // opens prefilled, and the state is dropped so Back or a reload show the plain list.
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const arriving = admin ? null : readNextGame(location.state);
    if (!arriving) return;
    setPrefill(arriving);
    setCreating(true);
    void navigate({ search: location.search }, { replace: true, state: null });
  }, [admin, location.state, location.search, navigate]);
  const nextGame = (next: NextGamePrefill) => {
    setPrefill(next);
    setCreating(true);
  };
  useFailureToast(games.error, games.errorUpdatedAt, t('games.list.loadFailed'));

  useEffect(() => {
    if (!admin) void loadWizard();
  }, [admin]);

  const goTo = (n: number) => setParams((current) => withPage(current, n));

  const data = games.data;
  // An address past the last page (games were deleted, an old link): show the last page instead.
  const lastPage = data?.totalPages ?? 0;
  useEffect(() => {
    if (lastPage >= 1 && page > lastPage)
      setParams((current) => withPage(current, lastPage), { replace: true });
  }, [page, lastPage, setParams]);

  const createButton = (label: string) => (
    <Button
      onClick={() => {
        setPrefill(null);
        setCreating(true);
      }}
      icon={Plus}
    >
      {label}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('games.title')}
        description={
          data && data.total > 0
            ? t('games.list.showing', {
                shown: format.number(data.games.length),
                total: format.number(data.total),
              })
            : admin
              ? t('games.adminSubtitle')
              : t('games.subtitle')
        }
        actions={!admin && createButton(t('games.list.create'))}
      />

      {games.isPending && <Loading label={t('games.list.loading')} />}
      {games.isError && !data && <QueryError title={t('games.list.loadFailed')} query={games} />}
      {data && data.total === 0 && (
        <EmptyState
          icon={Gamepad2}
          title={t('games.list.empty')}
          description={admin ? t('games.list.emptyAdmin') : t('games.list.emptyBody')}
          action={!admin && createButton(t('games.list.createFirst'))}
        />
      )}
      {data && data.total > 0 && (
        <div
          className={games.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
          aria-busy={games.isPlaceholderData || undefined}
        >
          {data.games.length > 0 ? (
            <GamesTable games={data.games} showAgent={admin} onNextGame={admin ? undefined : nextGame} />
          ) : (
            <p className="py-10 text-center text-sm text-ink-muted">{t('games.list.pageEmpty')}</p>
          )}
          {data.totalPages > 1 && (
            <Pagination
              page={Math.min(page, data.totalPages)}
              totalPages={data.totalPages}
              onPage={goTo}
              label={t('games.pagination.label')}
              summary={t('games.pagination.summary', {
                page: format.number(Math.min(page, data.totalPages)),
                pages: format.number(data.totalPages),
                total: format.number(data.total),
              })}
            />
          )}
        </div>
      )}

      {creating && (
        <Suspense fallback={null}>
          <CreateGameWizard prefill={prefill} onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </>
  );
}
