// The coin statement: a virtual-coin agent's ledger rows, newest first, paged, and the whole of it as CSV
// (product/money.md#ledger; docs/decisions/075-the-coin-statement.md). An agent reads its own; the admin reads
// the agent it names.
import { z } from 'zod';
import { Etb, FinancialModel, Id, IsoDateTime, Role } from './common.js';
import { Page, pageNumber, pageSize } from './fields.js';
import { defineRoute } from './route.js';

/**
 * Why a coin balance changed (product/money.md#ledger): coins bought from the admin, a game's cost, the refund of
 * a game cancelled before its first call, the admin's new balance on the agent's form, the demo data's coins.
 */
export const COIN_REASONS = ['top-up', 'game', 'refund', 'adjustment', 'demo'] as const;
export const CoinReason = z.enum(COIN_REASONS);
export type CoinReason = z.infer<typeof CoinReason>;

/** Rows of a statement page unless the query asks for another size (decision 075). */
export const COIN_STATEMENT_PAGE_SIZE = 50;

const whose = {
  agentId: z
    .uuid('Not a valid id')
    .optional()
    .describe('The admin: whose statement (required). An agent reads its own and names none (400)'),
};

export const CoinStatementQuery = z.strictObject({
  ...whose,
  page: pageNumber.default(1),
  limit: pageSize.default(COIN_STATEMENT_PAGE_SIZE),
});
export type CoinStatementQuery = z.input<typeof CoinStatementQuery>;

export const CoinStatementExportQuery = z.strictObject(whose);
export type CoinStatementExportQuery = z.input<typeof CoinStatementExportQuery>;

/** One change of the balance as the statement shows it. */
export const CoinStatementRow = z.object({
  id: Id,
  createdAt: IsoDateTime,
  reason: CoinReason,
  delta: z.number().int().describe('Coins in (more than 0) or out (less than 0); never 0'),
  balanceAfter: z.number().int().describe('The previous row’s balanceAfter plus delta'),
  game: z
    .object({ id: Id, gameId: z.string().describe("The game's public id") })
    .nullable()
    .describe('A game or a refund: the game it belongs to'),
  etbAmount: Etb.nullable().describe('A top-up: the ETB paid for the coins'),
  by: z
    .object({ username: z.string(), role: Role })
    .nullable()
    .describe(
      'Who made it, when it was neither the agent nor the system: the admin of a top-up or adjustment',
    ),
  notes: z.string().nullable().describe("A top-up's notes as the admin typed them; null for other rows"),
});
export type CoinStatementRow = z.infer<typeof CoinStatementRow>;

export const CoinStatementResponse = z
  .object({
    agent: z.object({
      id: Id,
      username: z.string(),
      financialModel: FinancialModel,
      virtualCoins: z
        .number()
        .int()
        .describe('The balance now: the newest row’s balanceAfter (0 without rows)'),
    }),
    rows: z.array(CoinStatementRow).describe('Newest first'),
    ...Page,
  })
  .meta({ id: 'CoinStatementResponse' });
export type CoinStatementResponse = z.infer<typeof CoinStatementResponse>;

/** The export is CSV, not JSON: this schema only stands for it in the contract (every route declares one). */
export const CoinStatementCsv = z
  .object({})
  .describe(
    'text/csv; charset=utf-8, UTF-8 with BOM, CRLF; attachment cartela-coins-{business day of the download}.csv. Every row of the statement, newest first. Columns: Business date, Created (ISO, UTC), What (Top-up, Game, Refund, Adjustment, Demo coins), Game ID, Coins in, Coins out, Balance after, ETB paid, By, Notes',
  )
  .meta({ id: 'CoinStatementCsv' });

const agentOrAdmin = ['agent', 'admin'] as const;

export const coinRoutes = {
  statement: defineRoute({
    method: 'GET',
    path: '/api/coins/statement',
    summary:
      "A page of an agent's coin statement, newest first: an agent's own, or the agent the admin names",
    access: agentOrAdmin,
    query: CoinStatementQuery,
    response: CoinStatementResponse,
  }),
  exportStatement: defineRoute({
    method: 'GET',
    path: '/api/coins/statement/export',
    summary:
      "An agent's whole coin statement as CSV (UTF-8 with BOM), streamed; at most 2 exports at once per user (429 past that)",
    access: agentOrAdmin,
    query: CoinStatementExportQuery,
    response: CoinStatementCsv,
  }),
} as const;
