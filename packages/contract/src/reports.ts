// The games reports: /reports (an agent's own games) and /admin/reports (every agent's), filtered, sorted and
// paged in SQL, and their CSV export (product/screens.md#reports; decisions 053, 057).
import { z } from 'zod';
import { Etb, FinancialModel, Id, IsoDateTime, Percent } from './common.js';
import { dateOrder, dateOrderIssue, Page, pageNumber, pageSize } from './fields.js';
import { GameStatus } from './games.js';
import { BusinessDate, BusinessDay } from './periods.js';
import { defineRoute } from './route.js';

export const REPORT_SORT_FIELDS = [
  'gameId',
  'stake',
  'numberOfPlayers',
  'agentFee',
  'totalAmount',
  'createdAt',
] as const;
export const ReportSortField = z.enum(REPORT_SORT_FIELDS);

const ReportFilters = {
  status: z.enum(['all', 'active', 'paused', 'finished', 'cancelled']).default('all'),
  date: BusinessDate.optional().describe('One business day of creation (the spec date filter)'),
  startDate: BusinessDate.optional(),
  endDate: BusinessDate.optional(),
  agentId: z.uuid('Not a valid id').optional().describe('The admin only: one agent (an agent: 400)'),
  sortBy: ReportSortField.default('createdAt'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
};
const noDateMix = (v: {
  date?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
}) => v.date === undefined || (v.startDate === undefined && v.endDate === undefined);
const noDateMixIssue = { message: 'Send date, or startDate and endDate, not both', path: ['date'] };

export const ReportQuery = z
  .strictObject({ ...ReportFilters, page: pageNumber.default(1), limit: pageSize.default(20) })
  .refine(dateOrder, dateOrderIssue)
  .refine(noDateMix, noDateMixIssue);
export type ReportQuery = z.input<typeof ReportQuery>;

export const ReportExportQuery = z
  .strictObject(ReportFilters)
  .refine(dateOrder, dateOrderIssue)
  .refine(noDateMix, noDateMixIssue);
export type ReportExportQuery = z.input<typeof ReportExportQuery>;

/** A row of the reports table (product/screens.md#reports). */
export const ReportGame = z.object({
  id: Id,
  _id: Id,
  gameId: z.string(),
  agentId: Id,
  agentUsername: z.string(),
  financialModel: FinancialModel.describe('The model the game was created under'),
  status: GameStatus,
  stake: Etb,
  numberOfPlayers: z.number().int(),
  totalCalls: z.number().int(),
  commissionPercent: Percent,
  agentFee: Etb.describe('0 for a cancelled game (decision 064)'),
  totalAmount: Etb.describe('0 for a cancelled game: the stakes went back'),
  prize: Etb.describe('0 for a cancelled game'),
  winners: z
    .number()
    .int()
    .describe('Confirmed winners: more than one when several cards won on the same ball'),
  prizeShares: z
    .array(Etb)
    .describe(
      "Each winner's share of the prize, in the order confirmed (decision 062: equal parts, the odd santim to the first)",
    ),
  businessDate: BusinessDay.describe('The business day of creation'),
  createdAt: IsoDateTime,
  finishedAt: IsoDateTime.nullable(),
  cancelReason: z.string().nullable().describe("A cancelled game: why, in the agent's words (decision 055)"),
  refundedCoins: z
    .number()
    .int()
    .describe('Coins given back: a game cancelled before its first call (decision 064); else 0'),
});
export type ReportGame = z.infer<typeof ReportGame>;

export const ReportResponse = z
  .object({
    games: z.array(ReportGame),
    summary: z.object({
      totalGames: z.number().int().describe('Games matching the filters, any status'),
      countedGames: z.number().int().describe('Of those, finished: the ones that count'),
      totalEarnings: Etb.describe('Sum of agentFee of the counted games'),
      totalPlayers: z.number().int().describe('Of the counted games'),
      totalAmount: Etb.describe('Sum of totalAmount of the counted games'),
      averageRevenuePerGame: Etb.describe(
        'totalEarnings / countedGames, rounded half away from zero; 0 if none',
      ),
    }),
    ...Page,
  })
  .meta({ id: 'ReportResponse' });
export type ReportResponse = z.infer<typeof ReportResponse>;

/** The export is CSV, not JSON: this schema only stands for it in the contract (every route declares one). */
export const ReportCsv = z
  .object({})
  .describe(
    'text/csv; charset=utf-8, UTF-8 with BOM, CRLF; attachment cartela-report-{from}-{to}.csv. Columns: Game ID, Agent (admin), Status, Stake, Players, Calls, Commission %, Fee, Total, Prize, Winners, Prize per winner (one amount, or each share in the order confirmed joined by " / " when they differ by the odd santim; decision 062), Business date, Created (ISO, UTC), Finished, Cancel reason, Refunded coins. A cancelled game shows Fee, Total and Prize 0.00 (decision 064). Exactly the filtered rows, in the sort order; streamed',
  )
  .meta({ id: 'ReportCsv' });

const agentOrAdmin = ['agent', 'admin'] as const;

export const reportRoutes = {
  games: defineRoute({
    method: 'GET',
    path: '/api/reports/games',
    summary:
      "Games for the reports: an agent's own, or every agent's for the admin; filtered, sorted, paginated",
    access: agentOrAdmin,
    query: ReportQuery,
    response: ReportResponse,
  }),
  exportGames: defineRoute({
    method: 'GET',
    path: '/api/reports/games/export',
    summary:
      'The filtered games as CSV (UTF-8 with BOM), streamed; at most 2 exports at once per user (429 RATE_LIMITED past that)',
    access: agentOrAdmin,
    query: ReportExportQuery,
    response: ReportCsv,
  }),
} as const;
