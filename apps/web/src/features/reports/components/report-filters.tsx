import { BusinessDate } from '@cartela/contract';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Field, fieldDescriptionId } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { useFormat } from '@/lib/format';
import { useReportAgents } from '../api/report-agents';
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
const dateValue = (value: string): string | undefined =>
  BusinessDate.safeParse(value).success ? value : undefined;

/**
 * The filters of spec 02 section 2: one business day of creation, or a range of them behind the 'Date range'
 * switch (the contract takes one or the other, never both), the status, and for the admin the agent. On a
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
  const format = useFormat();
  const agents = useReportAgents(admin);

  // The native date picker speaks Gregorian; in Amharic the chosen day is also given in the Ethiopian calendar.
  const ethiopian = (value: string | undefined) =>
    format.language === 'am' && value
      ? t('reports.filters.ethiopianDate', { date: format.date(`${value}T12:00:00Z`) })
      : undefined;
  const described = (id: string, value: string | undefined) =>
    ethiopian(value) ? fieldDescriptionId(id) : undefined;

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
              <Field
                id="report-start-date"
                label={t('reports.filters.from')}
                hint={ethiopian(view.startDate)}
              >
                <Input
                  id="report-start-date"
                  type="date"
                  value={view.startDate ?? ''}
                  max={view.endDate}
                  aria-describedby={described('report-start-date', view.startDate)}
                  onChange={(event) => {
                    const startDate = dateValue(event.target.value);
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
              <Field id="report-end-date" label={t('reports.filters.to')} hint={ethiopian(view.endDate)}>
                <Input
                  id="report-end-date"
                  type="date"
                  value={view.endDate ?? ''}
                  min={view.startDate}
                  aria-describedby={described('report-end-date', view.endDate)}
                  onChange={(event) => {
                    const endDate = dateValue(event.target.value);
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
            <Field id="report-date" label={t('reports.filters.date')} hint={ethiopian(view.date)}>
              <Input
                id="report-date"
                type="date"
                value={view.date ?? ''}
                aria-describedby={described('report-date', view.date)}
                onChange={(event) => onChange({ date: dateValue(event.target.value) })}
              />
            </Field>
          )}

          <Field id="report-status" label={t('reports.filters.status')}>
            <Select
              id="report-status"
              value={view.status}
              onChange={(event) => onChange({ status: event.target.value as ReportStatus })}
            >
              {REPORT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`reports.filters.statuses.${status}`)}
                </option>
              ))}
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
                {agentList.map((agent) => (
                  <option key={agent.id} value={agent.id}>
                    {agent.username}
                  </option>
                ))}
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
          <Button variant="ghost" size="sm" onClick={onClear} disabled={!hasFilters(view) && !rangeMode}>
            <X className="size-4" aria-hidden="true" />
            {t('reports.filters.clear')}
          </Button>
        </div>
      </Card>
    </section>
  );
}
