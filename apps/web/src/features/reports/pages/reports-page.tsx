import '../i18n';
import { ChartColumn, Download, SearchX, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useReport } from '@/api/reports';
import { Loading, QueryError, useFailureToast } from '@/components/load-state';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { useFormat } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useExportReport } from '../api/export-report';
import { Pagination } from '../components/pagination';
import { ReportFilters } from '../components/report-filters';
import { ReportsTable } from '../components/reports-table';
import { SortControls } from '../components/sort-controls';
import { SummaryCards } from '../components/summary-cards';
import {
  DEFAULT_VIEW,
  exportQueryOf,
  hasFilters,
  type ReportView,
  readView,
  reportQueryOf,
  type SortField,
  searchOf,
  type ViewChange,
} from '../utils/search';

/**
 * The reports of product/screens.md#reports over GET /api/reports/games: the summary, the filters, the sortable
 * table, the pages and the CSV export. Filters, sort and page live in the address
 * (?status=finished&sortBy=stake…), so a reload, Back or a shared link shows the same report.
 */
function ReportsView({ admin }: { admin: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readView(params, { admin }), [params, admin]);
  const report = useReport(reportQueryOf(view));
  const exporter = useExportReport();
  useFailureToast(report.error, report.errorUpdatedAt, t('reports.loadFailed'));

  // The 'Date range' switch on before either end is chosen; once the address holds a date or a range, it
  // decides (so Back and a shared link show the right fields).
  const [rangeWanted, setRangeWanted] = useState(false);
  const rangeMode =
    view.startDate !== undefined || view.endDate !== undefined
      ? true
      : view.date !== undefined
        ? false
        : rangeWanted;

  const show = (next: ReportView, replace = false) => setParams(searchOf(next), { replace });
  // The view as the last change left it: two changes before the next render (From, then To, while the first
  // navigation is still pending) build on each other instead of the second undoing the first.
  const latest = useRef(view);
  latest.current = view;
  /** Another filter or sort: back to page 1. */
  const change = (changes: ViewChange) => {
    const next = {
      ...latest.current,
      page: 1,
      ...(typeof changes === 'function' ? changes(latest.current) : changes),
    };
    latest.current = next;
    show(next);
  };
  const clear = () => {
    setRangeWanted(false);
    show({ ...DEFAULT_VIEW, sortBy: view.sortBy, sortOrder: view.sortOrder });
  };
  const switchRange = (on: boolean) => {
    setRangeWanted(on);
    // The day already chosen carries over: one day is the range from it to itself, and back.
    if (on && view.date) change({ date: undefined, startDate: view.date, endDate: view.date });
    if (!on && (view.startDate || view.endDate))
      change({ startDate: undefined, endDate: undefined, date: view.startDate ?? view.endDate });
  };
  // Spec: clicking a column toggles its order; another column starts descending (largest, newest first).
  const sortBy = (field: SortField) =>
    change(
      view.sortBy === field
        ? { sortOrder: view.sortOrder === 'asc' ? 'desc' : 'asc' }
        : { sortBy: field, sortOrder: 'desc' },
    );

  const data = report.data;
  // An address past the last page (an old link, fewer games since): show the last page instead.
  const lastPage = data?.totalPages ?? 0;
  useEffect(() => {
    if (lastPage >= 1 && view.page > lastPage)
      setParams(searchOf({ ...view, page: lastPage }), { replace: true });
  }, [view, lastPage, setParams]);

  const exportCsv = () =>
    exporter.mutate(exportQueryOf(view), {
      onError: (error) => notify.failure(t('reports.export.failed'), error),
    });

  const filtered = hasFilters(view);
  const clearButton = (
    <Button variant="outline" onClick={clear} icon={X}>
      {t('reports.filters.clear')}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={admin ? t('reports.adminTitle') : t('reports.title')}
        description={admin ? t('reports.adminSubtitle') : t('reports.subtitle')}
        actions={
          <Button
            variant="outline"
            onClick={exportCsv}
            loading={exporter.isPending}
            disabled={data?.total === 0}
            icon={Download}
          >
            {exporter.isPending ? t('reports.export.busy') : t('reports.export.button')}
          </Button>
        }
      />

      <ReportFilters
        view={view}
        admin={admin}
        rangeMode={rangeMode}
        onRangeMode={switchRange}
        onChange={change}
        onClear={clear}
      />

      {report.isPending && <Loading label={t('reports.loading')} />}
      {report.isError && !data && <QueryError title={t('reports.loadFailed')} query={report} />}
      {data && (
        <div
          className={report.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
          aria-busy={report.isPlaceholderData || undefined}
        >
          <SummaryCards summary={data.summary} />
          {data.total === 0 ? (
            filtered ? (
              <EmptyState
                icon={SearchX}
                title={t('reports.empty.filtered')}
                description={t('reports.empty.filteredBody')}
                action={clearButton}
              />
            ) : (
              <EmptyState
                icon={ChartColumn}
                title={t('reports.empty.none')}
                description={admin ? t('reports.empty.noneAdmin') : t('reports.empty.noneBody')}
              />
            )
          ) : (
            <>
              <p className="mb-3 text-sm text-ink-muted">
                {t('reports.table.showing', {
                  shown: format.number(data.games.length),
                  total: format.number(data.total),
                })}
              </p>
              <SortControls
                sortBy={view.sortBy}
                sortOrder={view.sortOrder}
                onSort={(field, order) => change({ sortBy: field, sortOrder: order })}
              />
              <ReportsTable
                games={data.games}
                showAgent={admin}
                sortBy={view.sortBy}
                sortOrder={view.sortOrder}
                onSort={sortBy}
              />
              {data.totalPages > 1 && (
                <Pagination
                  page={Math.min(view.page, data.totalPages)}
                  totalPages={data.totalPages}
                  onPage={(page) => show({ ...view, page })}
                />
              )}
            </>
          )}
        </div>
      )}
    </>
  );
}

/** /reports: the agent's own games. The admin's reports live at /admin/reports, with the same filters. */
export function ReportsPage() {
  const { user } = useSession();
  const location = useLocation();
  if (user?.role === 'admin') {
    return <Navigate to={{ pathname: paths.adminReports, search: location.search }} replace />;
  }
  return <ReportsView admin={false} />;
}

/** /admin/reports: every agent's games, with the agent column and the agent filter. */
export function AdminReportsPage() {
  return <ReportsView admin />;
}
