// The super agent's own dashboard (overview, agents, earnings) and the admin's handling of super agents'
// earnings (decision 053 sections 5, 8, 9). The super agent's calls read only its own rows: its id comes from
// the session, never from a parameter. Marking an earning paid or pending moves only its status (pending and
// paid both count in total_earnings) and writes its payment_events row.
import type {
  EarningsPeriod,
  MarkPaidRequest,
  SuperAgentAgentsResponse,
  SuperAgentEarningResponse,
  SuperAgentEarningsResponse,
  SuperAgentOverviewResponse,
} from '@cartela/contract';
import { type DateRange, DEFAULT_PLATFORM_RATE_PERCENT, rollingRange, type Santim } from '@cartela/core';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { storedSantim } from '../../db/columns.js';
import type { SuperAgentEarningRow, UserRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { businessToday } from '../stats/index.js';
import { etb, percent, type UserCache } from '../users/index.js';
import { toAgentLink, toEarning } from './present.js';
import {
  agentLinks,
  countActiveAgents,
  type EarningView,
  earningTotals,
  earningView,
  earningViews,
  findSuperAgent,
  lockEarningStatus,
  moveEarning,
} from './queries.js';

type AdminEarningsQuery = { period: EarningsPeriod | 'all'; status?: SuperAgentEarningRow['status'] };
type EarningStatus = SuperAgentEarningRow['status'];

/** A sum as the database prints it ('123'), or one added here: santim, exact or a 500 naming it (decision 081). */
const amount = (value: string | number, figure: string): Santim =>
  storedSantim(value, `super agent earnings ${figure}`);

const earningNotFound = () => new AppError('NOT_FOUND', 'Earning not found');

/** Why an earning cannot make the move: 409 with the reason the payments share. */
function refusedMove(status: EarningStatus): AppError {
  const message = status === 'cancelled' ? 'Earning is cancelled' : `Earning is already ${status}`;
  return new AppError('CONFLICT', message, { reason: 'PAYMENT_STATUS' });
}

/** The earnings' totals: money of the rows that are not cancelled, and of those, pending and paid. */
function totalsOf(rows: EarningView[]): z.output<typeof SuperAgentEarningsResponse>['totals'] {
  const live = rows.map((r) => r.earning).filter((e) => e.status !== 'cancelled');
  const sum = (figure: string, of: (e: SuperAgentEarningRow) => number, only?: EarningStatus) =>
    etb(
      amount(
        live.filter((e) => !only || e.status === only).reduce((s, e) => s + amount(of(e), figure), 0),
        `totals.${figure}`,
      ),
    );
  return {
    baseAmount: sum('baseAmount', (e) => e.purchaseAmountSantim ?? e.agentCommissionSantim ?? 0),
    superAgentShare: sum('superAgentShare', (e) => e.superAgentShareSantim),
    platformShare: sum('platformShare', (e) => e.platformShareSantim),
    superAgentNetEarnings: sum('superAgentNetEarnings', (e) => e.superAgentNetSantim),
    pending: sum('pending', (e) => e.superAgentNetSantim, 'pending'),
    paid: sum('paid', (e) => e.superAgentNetSantim, 'paid'),
  };
}

export interface DashboardDeps {
  database: Database;
  /** Marking an earning paid or pending changes its super agent's lastPaymentDate (migration 0010). */
  users: UserCache;
  timeZone: string;
  now: () => Date;
}

export function createSuperAgentDashboardService({ database, users, timeZone, now }: DashboardDeps) {
  const { db } = database;
  const today = () => businessToday(now(), timeZone);

  async function earningsAnswer(
    superAgentId: string,
    period: string,
    range: DateRange | null,
    status?: EarningStatus,
  ): Promise<z.output<typeof SuperAgentEarningsResponse>> {
    const rows = await earningViews(db, superAgentId, { ...range, ...(status ? { status } : {}) });
    // 'all': from the oldest earning's day (today when there is none).
    const to = range?.to ?? today();
    const from = range?.from ?? rows.at(-1)?.earning.businessDate ?? to;
    return {
      period,
      from,
      to,
      timeZone,
      payments: rows.map(toEarning),
      totals: totalsOf(rows),
    };
  }

  /** Moves an earning (admin): locked, checked, moved conditionally with its event, and read back, in one transaction. */
  async function move(
    id: string,
    from: EarningStatus,
    to: EarningStatus,
    actor: UserRow,
    notes?: string | null,
  ): Promise<z.output<typeof SuperAgentEarningResponse>> {
    const view = await db.transaction(async (tx) => {
      const status = await lockEarningStatus(tx, id);
      if (status === null) throw earningNotFound();
      if (status !== from) throw refusedMove(status);
      const paidAt = to === 'paid' ? now() : null;
      const notesChange = notes === undefined ? {} : { notes: notes || null };
      if (!(await moveEarning(tx, id, { from, to, paidAt, actorId: actor.id, ...notesChange }))) {
        throw refusedMove(status); // unreachable under the lock; kept so no change of code can move twice
      }
      return (await earningView(tx, id))!;
    });
    users.invalidate(view.earning.superAgentId);
    return {
      message: to === 'paid' ? 'Earning marked as paid' : 'Earning marked as pending',
      earning: toEarning(view),
    };
  }

  return {
    /** GET /api/super-agents/overview: the caller's totals, agents, rate and account block. */
    async overview(me: UserRow): Promise<SuperAgentOverviewResponse> {
      const [totals, activeAgentsCount] = await Promise.all([
        earningTotals(db, me.id),
        countActiveAgents(db, me.id),
      ]);
      return {
        totalEarnings: etb(amount(totals.net, 'overview.totalEarnings')),
        activeAgentsCount,
        platformCommissionRate: percent(me.platformCommissionRate) ?? DEFAULT_PLATFORM_RATE_PERCENT,
        totalPlatformShare: etb(amount(totals.platform, 'overview.totalPlatformShare')),
        pendingEarnings: etb(amount(totals.pending, 'overview.pendingEarnings')),
        paidEarnings: etb(amount(totals.paid, 'overview.paidEarnings')),
        username: me.username,
        contact: me.contact,
        createdAt: me.createdAt.toISOString(),
        lastPaymentDate: totals.lastPaidAt,
      };
    },

    /** GET /api/super-agents/agents: the caller's agents under an active agreement. */
    async agents(me: UserRow): Promise<z.output<typeof SuperAgentAgentsResponse>> {
      return { agents: (await agentLinks(db, me.id)).map(toAgentLink) };
    },

    /** GET /api/super-agents/earnings: the caller's earnings of the last week, month or year. */
    earnings(me: UserRow, period: EarningsPeriod) {
      return earningsAnswer(me.id, period, rollingRange(period, today()));
    },

    /** GET /api/super-agents/:id/earnings (admin): any super agent's, rolling periods or all, by status. */
    async earningsOf(superAgentId: string, query: AdminEarningsQuery) {
      if (!(await findSuperAgent(db, superAgentId))) {
        throw new AppError('NOT_FOUND', 'Super agent not found');
      }
      const range = query.period === 'all' ? null : rollingRange(query.period, today());
      return earningsAnswer(superAgentId, query.period, range, query.status);
    },

    markPaid(id: string, body: z.output<typeof MarkPaidRequest>, actor: UserRow) {
      return move(id, 'pending', 'paid', actor, body.notes);
    },

    markPending(id: string, actor: UserRow) {
      return move(id, 'paid', 'pending', actor);
    },
  };
}

export type SuperAgentDashboardService = ReturnType<typeof createSuperAgentDashboardService>;
