import type { AdminStatsResponse } from '@cartela/contract';
import { clsx } from 'clsx';
import { Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDisplay } from '../utils/display';

type TopAgent = AdminStatsResponse['topAgents'][number];

const MEDALS = [
  'bg-coin-50 text-coin-800',
  'bg-neutral-100 text-neutral-700',
  'bg-warning-50 text-warning-800',
];

/**
 * The period's best agents by revenue (product/screens.md#admin-dashboard): username, games, players and revenue.
 */
export function TopAgents({ agents }: { agents: readonly TopAgent[] }) {
  const { t } = useTranslation();
  const display = useDisplay();
  return (
    <Card className="h-full">
      <CardHeader className="flex flex-row items-start gap-3 space-y-0">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-coin-50 text-coin-800">
          <Trophy className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 space-y-1">
          <CardTitle>{t('dashboard.admin.topAgents')}</CardTitle>
          <CardDescription>{t('dashboard.admin.topAgentsHint')}</CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        {agents.length === 0 ? (
          <p className="rounded-lg border border-dashed border-line-strong px-4 py-8 text-center text-sm text-ink-muted">
            {t('dashboard.admin.topAgentsEmpty')}
          </p>
        ) : (
          <ol className="divide-y divide-line" aria-label={t('dashboard.admin.topAgents')}>
            {agents.map((agent, index) => (
              <li key={agent.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
                <span
                  className={clsx(
                    'flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold tabular-nums',
                    MEDALS[index] ?? 'bg-surface-muted text-ink-muted',
                  )}
                >
                  <span className="sr-only">{t('dashboard.admin.rank', { rank: index + 1 })}</span>
                  <span aria-hidden="true">{index + 1}</span>
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate font-semibold text-ink" title={agent.username}>
                    {agent.username}
                  </p>
                  <p className="text-xs text-ink-muted">
                    {t('dashboard.admin.games', {
                      count: agent.totalGames,
                      value: display.number(agent.totalGames),
                    })}
                    {' · '}
                    {t('dashboard.admin.players', {
                      count: agent.totalPlayers,
                      value: display.number(agent.totalPlayers),
                    })}
                  </p>
                </div>
                <span className="shrink-0 text-right font-semibold whitespace-nowrap text-ink tabular-nums">
                  {display.etb(agent.totalRevenue)}
                </span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
