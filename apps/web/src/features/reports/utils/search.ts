import {
  BusinessDate,
  GameStatus,
  type REPORT_SORT_FIELDS,
  type ReportExportQuery,
  type ReportQuery,
  ReportSortField,
} from '@cartela/contract';
import { z } from 'zod';

export type ReportStatus = 'all' | GameStatus;
export type SortField = (typeof REPORT_SORT_FIELDS)[number];
export type SortOrder = 'asc' | 'desc';

/** What the reports show: the filters, the sort and the page, all kept in the address. */
/** A change of the view: the fields to set, or made from the view as it is when the change applies. */
export type ViewChange = Partial<ReportView> | ((current: ReportView) => Partial<ReportView>);

export interface ReportView {
  status: ReportStatus;
  /** One business day of creation; never together with startDate/endDate (the contract refuses both). */
  date?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  /** The admin only. */
  agentId?: string | undefined;
  sortBy: SortField;
  sortOrder: SortOrder;
  page: number;
}

export const REPORT_STATUSES: readonly ReportStatus[] = ['all', ...GameStatus.options];

/** The contract's defaults: every status, newest first, page 1. They stay out of the address. */
export const DEFAULT_VIEW: ReportView = { status: 'all', sortBy: 'createdAt', sortOrder: 'desc', page: 1 };

/** Rows per page: the contract's default. */
export const REPORT_PAGE_SIZE = 20;

const Uuid = z.uuid();
const valid = <T>(schema: z.ZodType<T>, value: string | null): T | undefined => {
  if (value === null) return undefined;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
};

/**
 * The view an address asks for. Anything the server would refuse is dropped rather than sent: a bad date, an
 * unknown status or sort, an agent filter from an agent. A hand-made link with a date and a range keeps the
 * date; a range given backwards is turned round.
 */
export function readView(params: URLSearchParams, { admin }: { admin: boolean }): ReportView {
  const status = params.get('status');
  const date = valid(BusinessDate, params.get('date'));
  let startDate = date ? undefined : valid(BusinessDate, params.get('startDate'));
  let endDate = date ? undefined : valid(BusinessDate, params.get('endDate'));
  if (startDate && endDate && startDate > endDate) [startDate, endDate] = [endDate, startDate];
  const page = Number(params.get('page'));
  return {
    status: REPORT_STATUSES.includes(status as ReportStatus) ? (status as ReportStatus) : DEFAULT_VIEW.status,
    date,
    startDate,
    endDate,
    agentId: admin ? valid(Uuid, params.get('agentId')) : undefined,
    sortBy: valid(ReportSortField, params.get('sortBy')) ?? DEFAULT_VIEW.sortBy,
    sortOrder: params.get('sortOrder') === 'asc' ? 'asc' : DEFAULT_VIEW.sortOrder,
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : DEFAULT_VIEW.page,
  };
}

/** The address of a view: only what differs from the defaults, in a stable order. */
export function searchOf(view: ReportView): URLSearchParams {
  const search = new URLSearchParams();
  const put = (key: string, value: string | number | undefined, fallback?: string | number) => {
    if (value !== undefined && value !== fallback) search.set(key, String(value));
  };
  put('date', view.date);
  put('startDate', view.startDate);
  put('endDate', view.endDate);
  put('status', view.status, DEFAULT_VIEW.status);
  put('agentId', view.agentId);
  put('sortBy', view.sortBy, DEFAULT_VIEW.sortBy);
  put('sortOrder', view.sortOrder, DEFAULT_VIEW.sortOrder);
  put('page', view.page, DEFAULT_VIEW.page);
  return search;
}

/** Whether any filter narrows the games (the sort and the page do not). */
export const hasFilters = (view: ReportView): boolean =>
  view.status !== 'all' ||
  view.date !== undefined ||
  view.startDate !== undefined ||
  view.endDate !== undefined ||
  view.agentId !== undefined;

/** The filters and sort of a view, as GET /api/reports/games/export takes them (no page). */
export function exportQueryOf(view: ReportView): ReportExportQuery {
  const { status, date, startDate, endDate, agentId, sortBy, sortOrder } = view;
  return { status, date, startDate, endDate, agentId, sortBy, sortOrder };
}

/** A page of a view, as GET /api/reports/games takes it. */
export function reportQueryOf(view: ReportView): ReportQuery {
  return { ...exportQueryOf(view), page: view.page, limit: REPORT_PAGE_SIZE };
}
