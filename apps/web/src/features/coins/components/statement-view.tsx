import { ArrowLeft, Coins, Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCoinStatement, useExportStatement } from '@/api/coins';
import { QueryState, useFailureToast } from '@/components/load-state';
import { Pagination, useLastPage, usePageInAddress } from '@/components/pagination';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { errorText } from '@/lib/errors';
import { useFormat } from '@/lib/format';
import { paths } from '@/lib/paths';
import { notify } from '@/lib/toast';
import { StatementTable } from './statement-table';

export interface StatementViewProps {
  /** The admin's view names the agent; an agent reads its own. */
  agentId?: string;
}

/**
 * A coin statement (decision 075): the balance now on top, every change newest first, 50 a page (the page in
 * the address), and the whole of it as CSV. The agent's own at /coins; the admin's of one agent at
 * /agents/:agentId/coins, reached from the agents table.
 */
export function StatementView({ agentId }: StatementViewProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const admin = agentId !== undefined;
  const { page, goTo } = usePageInAddress();
  const statement = useCoinStatement(admin ? { agentId, page } : { page });
  const exporter = useExportStatement();
  useLastPage(page, statement.data?.totalPages, goTo);
  useFailureToast(statement.error, statement.errorUpdatedAt, t('coins.loadFailed'));

  const data = statement.data;
  const download = () =>
    exporter.mutate(admin ? { agentId } : {}, {
      onSuccess: () => notify.success(t('coins.downloaded')),
      onError: (error) => notify.error(errorText(error, t('coins.downloadFailed'))),
    });

  return (
    <>
      <PageHeader
        title={t('coins.title')}
        description={
          admin
            ? data
              ? t('coins.adminSubtitle', { name: data.agent.username })
              : null
            : t('coins.subtitle')
        }
        actions={
          <>
            {admin && (
              <Link to={paths.agents} className={buttonClasses({ variant: 'outline' })}>
                <ArrowLeft className="size-4" aria-hidden="true" />
                {t('coins.back')}
              </Link>
            )}
            <Button
              variant="outline"
              icon={Download}
              onClick={download}
              loading={exporter.isPending}
              disabled={!data || data.total === 0}
            >
              {t('coins.download')}
            </Button>
          </>
        }
      />

      <QueryState query={statement} loading={t('coins.loading')} failed={t('coins.loadFailed')} />
      {data && (
        <div className="space-y-4">
          <Card>
            <CardContent className="flex flex-wrap items-center gap-4 pt-6">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-coin-50 text-coin-800">
                <Coins className="size-5" aria-hidden="true" />
              </span>
              <div className="min-w-0">
                <p className="text-sm text-ink-muted">{t('coins.balance')}</p>
                <p className="text-2xl font-bold text-ink tabular-nums" data-testid="statement-balance">
                  {t('coins.balanceValue', {
                    count: data.agent.virtualCoins,
                    value: format.number(data.agent.virtualCoins),
                  })}
                </p>
                {data.agent.financialModel === 'commission-share' && (
                  <p className="mt-1 text-sm text-ink-muted">{t('coins.shareModel')}</p>
                )}
              </div>
            </CardContent>
          </Card>

          {data.total === 0 ? (
            <EmptyState icon={Coins} title={t('coins.empty')} description={t('coins.emptyBody')} />
          ) : (
            <div
              className={statement.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
              aria-busy={statement.isPlaceholderData || undefined}
            >
              <StatementTable rows={data.rows} />
              {data.totalPages > 1 && (
                <Pagination
                  page={data.page}
                  totalPages={data.totalPages}
                  onPage={goTo}
                  label={t('coins.pages.label')}
                  summary={t('coins.pages.summary', {
                    count: data.total,
                    page: format.number(data.page),
                    pages: format.number(data.totalPages),
                    total: format.number(data.total),
                  })}
                />
              )}
            </div>
          )}
        </div>
      )}
    </>
  );
}
