import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useReportAgents } from '@/api/agents';
import { BusinessDateInput } from '@/components/business-date/business-date-input';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/label';
import { Options, Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import {
  hasFilters,
  REPORT_STATUSES,
  type ReportStatus,
  type ReportView,
  type ViewChange,
} from '../utils/search';

export interface ReportFiltersProps {
  view: ReportView;
  admin: boolean;
  /** A start and end date instead of one day. */
  rangeMode: boolean;
  onRangeMode: (on: boolean) => void;
  /** A change of filters (the page goes back to 1). */
  onChange: (changes: ViewChange) => void;
  onClear: () => void;
}

/** What a date field holds, as the contract takes it: a whole YYYY-MM-DD or nothing. */
const dateValue = (value: string): string | undefined => value || undefined;

/**
 * The filters of product/screens.md#reports: one business day of creation, or a range of them behind the 'Date
 * range' switch (the contract takes one or the other, never both), the status, and for the admin the agent. On a
 * phone the fields stack; from sm they sit side by side.
 */
export function ReportFilters({
  view,
  admin,
  rangeMode,
  onRangeMode,
  onChange,
  onClear,
}: ReportFiltersProps) {
  const { t } = useTranslation();
  const agents = useReportAgents(admin);

  const agentList = agents.data ?? [];
  const agentKnown = !view.agentId || agentList.some((a) => a.id === view.agentId);

  return (
    <section aria-labelledby="report-filters-title" className="mb-6">
      <Card className="p-4 sm:p-5">
        <h2 id="report-filters-title" className="sr-only">
          {t('reports.filters.title')}
        </h2>
        <div className="grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {rangeMode ? (
            <>
              <Field id="report-start-date" label={t('reports.filters.from')}>
                <BusinessDateInput
                  id="report-start-date"
                  value={view.startDate ?? ''}
                  max={view.endDate}
                  onChange={(value) => {
                    const startDate = dateValue(value);
                    // A start after the end moves the end with it: the range is never backwards.
                    onChange((current) => ({
                      startDate,
                      endDate:
                        startDate && current.endDate && startDate > current.endDate
                          ? startDate
                          : current.endDate,
                    }));
                  }}
                />
              </Field>
              <Field id="report-end-date" label={t('reports.filters.to')}>
                <BusinessDateInput
                  id="report-end-date"
                  value={view.endDate ?? ''}
                  min={view.startDate}
                  onChange={(value) => {
                    const endDate = dateValue(value);
                    onChange((current) => ({
                      endDate,
                      startDate:
                        endDate && current.startDate && endDate < current.startDate
                          ? endDate
                          : current.startDate,
                    }));
                  }}
                />
              </Field>
            </>
          ) : (
            <Field id="report-date" label={t('reports.filters.date')}>
              <BusinessDateInput
                id="report-date"
                value={view.date ?? ''}
                onChange={(value) => onChange({ date: dateValue(value) })}
              />
            </Field>
          )}

          <Field id="report-status" label={t('reports.filters.status')}>
            <Select
              id="report-status"
              value={view.status}
              onChange={(event) => onChange({ status: event.target.value as ReportStatus })}
            >
              <Options items={REPORT_STATUSES} text={(status) => t(`reports.filters.statuses.${status}`)} />
            </Select>
          </Field>

          {admin && (
            <Field id="report-agent" label={t('reports.filters.agent')}>
              <Select
                id="report-agent"
                value={view.agentId ?? ''}
                onChange={(event) => onChange({ agentId: event.target.value || undefined })}
                aria-busy={agents.isPending || undefined}
              >
                <option value="">
                  {agents.isPending ? t('reports.filters.agentsLoading') : t('reports.filters.allAgents')}
                </option>
                {/* A shared link may name an agent the list does not have (yet): keep it selectable. */}
                {!agentKnown && <option value={view.agentId}>{t('reports.filters.unknownAgent')}</option>}
                <Options items={agentList} text={(agent) => agent.username} value={(agent) => agent.id} />
              </Select>
            </Field>
          )}
        </div>

        <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-line pt-4">
          <div className="flex items-center gap-3">
            <Switch
              id="report-date-range"
              checked={rangeMode}
              onChange={(event) => onRangeMode(event.target.checked)}
            />
            <label htmlFor="report-date-range" className="cursor-pointer text-sm font-medium text-ink">
              {t('reports.filters.dateRange')}
            </label>
          </div>
          <Button
            variant="ghost"
            size="sm"
            onClick={onClear}
            disabled={!hasFilters(view) && !rangeMode}
            icon={X}
          >
            {t('reports.filters.clear')}
          </Button>
        </div>
      </Card>
    </section>
  );
}
