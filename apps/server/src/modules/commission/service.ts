// Use cases of commission management (admin; decision 053 section 4): the commission-share agents' rates, the
// daily payments (each counted commission-share game settled by exactly one payment, with the super agent's
// earning on it), their status, and the period's summary. "Today" is the business day of the app's clock.
import type {
  CommissionPaymentResponse,
  CommissionPaymentsQuery,
  CommissionPaymentsResponse,
  CommissionSettingResponse,
  CommissionSettingsResponse,
  CommissionSummaryResponse,
  GenerateDailyRequest,
  GenerateDailyResponse,
  MarkPaidRequest,
  StatsPeriod,
  UpdateCommissionSettingRequest,
} from '@cartela/contract';
import {
  type Calendar,
  commissionPayment,
  DEFAULT_SYSTEM_COMMISSION_SHARE_PERCENT,
  periodRange,
  type Santim,
} from '@cartela/core';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client.js';
import { storedSantim } from '../../db/columns.js';
import type { PaymentStatus, UserRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { businessToday } from '../stats/index.js';
import { recordCommissionShareEarnings } from '../super-agents/index.js';
import { etb, lockUser, percentToDb, type UserCache } from '../users/index.js';
import { toPayment, toSetting } from './present.js';
import {
  agentsOwing,
  commissionAgents,
  countPayments,
  insertPayment,
  lockAgentRow,
  lockPaymentStatus,
  movePayment,
  type PaymentView,
  paymentExists,
  paymentSummary,
  paymentViews,
  settleGames,
  unsettledSum,
  updateCommissionSetting,
} from './queries.js';

type PaymentsQuery = z.output<typeof CommissionPaymentsQuery>;
type SettingInput = z.output<typeof UpdateCommissionSettingRequest>;

/** A sum as the database prints it ('123'): santim, exact or a 500 naming it (decision 081). */
const amount = (text: string, figure: string): Santim => storedSantim(text, `commission ${figure}`);

/** Attempts of one agent's payment when a fee-less game finished during it (see settleGames). */
const SETTLE_ATTEMPTS = 3;

/** The games settled were not the games summed: start the agent's transaction again. */
class SettleMismatch extends Error {}

const UNIQUE_PAYMENT_DAY = 'commission_payments_agent_date_key';

/** Whether a write failed on the one-payment-per-agent-and-day constraint (directly, or wrapped by Drizzle). */
function isPaymentDayTaken(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505' && (constraint === UNIQUE_PAYMENT_DAY || e.message.includes(UNIQUE_PAYMENT_DAY))) {
      return true;
    }
  }
  return false;
}

const paymentNotFound = () => new AppError('NOT_FOUND', 'Payment not found');

/** Why a payment cannot make the move (product/money.md#daily-commission-payments): 409 PAYMENT_STATUS. */
function refusedMove(status: PaymentStatus, to: PaymentStatus): AppError {
  const message =
    status === 'cancelled' && to === 'paid'
      ? 'Payment is cancelled: mark it pending first'
      : `Payment is already ${status}`;
  return new AppError('CONFLICT', message, { reason: 'PAYMENT_STATUS' });
}

interface Generated {
  view: PaymentView;
  /** The super agents whose total earnings grew (their cache entries are stale). */
  superAgentIds: string[];
}

export interface CommissionDeps {
  database: Database;
  users: UserCache;
  timeZone: string;
  now: () => Date;
}

export function createCommissionService({ database, users, timeZone, now }: CommissionDeps) {
  const { db } = database;
  const today = () => businessToday(now(), timeZone);

  /**
   * One agent's payment for `date`, in the caller's transaction (decision 053 section 4, steps 1-5); null when
   * there is nothing new: the payment exists, or no game is left to settle.
   */
  async function paymentFor(
    tx: Tx,
    agentId: string,
    date: string,
    actor: UserRow,
  ): Promise<Generated | null> {
    const agent = await lockAgentRow(tx, agentId);
    if (!agent) return null;
    if (await paymentExists(tx, agentId, date)) return null;
    const owed = await unsettledSum(tx, agentId, date);
    if (owed.count === 0) return null;
    const totalEarnings = amount(owed.fees, 'fees to settle');
    // The agent's share now (it may have left the model since: the games keep theirs, the share is kept too).
    const rate = agent.systemCommissionShare ?? percentToDb(DEFAULT_SYSTEM_COMMISSION_SHARE_PERCENT);
    const money = commissionPayment(totalEarnings, rate);
    // The payment first: the games point to it (a foreign key checked at each statement's end).
    const payment = await insertPayment(tx, {
      agentId,
      paymentDate: date,
      gamesCount: owed.count,
      totalEarningsSantim: money.totalEarnings,
      adminCommissionRate: rate,
      adminCommissionSantim: money.adminCommissionAmount,
      agentNetSantim: money.agentNetAmount,
      createdBy: actor.id,
    });
    const settled = await settleGames(tx, agentId, date, payment.id);
    if (settled.count !== owed.count || amount(settled.fees, 'fees settled') !== totalEarnings) {
      throw new SettleMismatch();
    }
    const earnings = await recordCommissionShareEarnings(tx, {
      agentId,
      commissionPaymentId: payment.id,
      paymentDate: date,
    });
    return {
      view: {
        payment,
        agentUsername: agent.username,
        paidByUsername: null,
        superAgentEarningId: earnings[0]?.id ?? null,
      },
      superAgentIds: earnings.map((e) => e.superAgentId),
    };
  }

  /** One agent's payment in its own transaction; the unique (agent, day) refusing it is "nothing new". */
  async function generateFor(agentId: string, date: string, actor: UserRow): Promise<Generated | null> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.transaction((tx) => paymentFor(tx, agentId, date, actor));
      } catch (err) {
        if (isPaymentDayTaken(err)) return null;
        if (err instanceof SettleMismatch && attempt < SETTLE_ATTEMPTS) continue;
        throw err;
      }
    }
  }

  /** Moves a payment: locked, checked, moved conditionally with its event, and read back, in one transaction. */
  async function move(
    id: string,
    allowed: readonly PaymentStatus[],
    to: PaymentStatus,
    actor: UserRow,
    notes?: string | null,
  ): Promise<z.output<typeof CommissionPaymentResponse>> {
    const view = await db.transaction(async (tx) => {
      const status = await lockPaymentStatus(tx, id);
      if (status === null) throw paymentNotFound();
      if (!allowed.includes(status)) throw refusedMove(status, to);
      const paidAt = to === 'paid' ? now() : null;
      const notesChange = notes === undefined ? {} : { notes: notes || null };
      if (!(await movePayment(tx, id, { from: status, to, paidAt, actorId: actor.id, ...notesChange }))) {
        throw refusedMove(status, to); // unreachable under the lock; kept so no change of code can move twice
      }
      const [moved] = await paymentViews(tx, { id });
      return moved!;
    });
    users.invalidate(view.payment.agentId); // its lastPaymentDate (migration 0010)
    return {
      message: to === 'paid' ? 'Payment marked as paid' : 'Payment marked as pending',
      payment: toPayment(view),
    };
  }

  return {
    /** GET /api/commission/summary: the payments dated in the period. */
    async summary(period: StatsPeriod, calendar: Calendar = 'gregorian'): Promise<CommissionSummaryResponse> {
      // The month and the year of the screen's calendar (decision 065).
      const range = periodRange(period, today(), calendar);
      const s = await paymentSummary(db, range.from, range.to);
      return {
        period,
        ...range,
        timeZone,
        summary: {
          totalEarnings: etb(amount(s.earnings, 'summary.totalEarnings')),
          totalAdminCommission: etb(amount(s.commission, 'summary.totalAdminCommission')),
          totalAgentPayments: etb(amount(s.net, 'summary.totalAgentPayments')),
          pendingPayments: etb(amount(s.pending, 'summary.pendingPayments')),
          paidPayments: etb(amount(s.paid, 'summary.paidPayments')),
          pendingCount: Number(s.pendingCount),
          paidCount: Number(s.paidCount),
          cancelledCount: Number(s.cancelledCount),
        },
      };
    },

    /** GET /api/commission/payments: filtered, newest business day first, one page. */
    async payments(query: PaymentsQuery): Promise<z.output<typeof CommissionPaymentsResponse>> {
      const { page, limit, ...filters } = query;
      const [rows, total] = await Promise.all([
        paymentViews(db, filters, { limit, offset: (page - 1) * limit }),
        countPayments(db, filters),
      ]);
      return { payments: rows.map(toPayment), page, limit, total, totalPages: Math.ceil(total / limit) };
    },

    /** GET /api/commission/settings: every commission-share agent that is not deleted. */
    async settings(): Promise<z.output<typeof CommissionSettingsResponse>> {
      return { settings: (await commissionAgents(db)).map(toSetting) };
    },

    /** PUT /api/commission/settings/:id: the agent's systemCommissionShare and commission notes. */
    async updateSetting(
      id: string,
      input: SettingInput,
    ): Promise<z.output<typeof CommissionSettingResponse>> {
      const agent = await db.transaction(async (tx) => {
        const current = await lockUser(tx, id, 'agent');
        if (!current) throw new AppError('NOT_FOUND', 'Agent not found');
        if (current.financialModel !== 'commission-share') {
          throw new AppError(
            'NOT_FOUND',
            `Agent "${current.username}" uses the virtual-coin model: it has no commission setting`,
          );
        }
        return updateCommissionSetting(tx, id, {
          systemCommissionShare: percentToDb(input.adminCommissionRate),
          ...(input.notes === undefined ? {} : { commissionNotes: input.notes || null }),
        });
      });
      users.invalidate(id);
      return { message: 'Commission settings updated', setting: toSetting(agent) };
    },

    /**
     * POST /api/commission/generate-daily: for a business day that is over, one payment per agent with unsettled
     * counted commission-share games up to that day, each in its own transaction, agents in id order.
     */
    async generateDaily(
      input: z.output<typeof GenerateDailyRequest>,
      actor: UserRow,
    ): Promise<z.output<typeof GenerateDailyResponse>> {
      const { date } = input;
      const day = today();
      if (date >= day) {
        throw new AppError(
          'VALIDATION_FAILED',
          `date: ${date} is not over yet; payments are generated for business days before today (${day})`,
          { field: 'date' },
        );
      }
      const created: PaymentView[] = [];
      for (const agentId of await agentsOwing(db, date)) {
        const generated = await generateFor(agentId, date, actor);
        if (!generated) continue;
        created.push(generated.view);
        for (const id of generated.superAgentIds) users.invalidate(id);
      }
      const n = created.length;
      return {
        message:
          n === 0 ? `No new payments for ${date}` : `Generated ${n} payment${n === 1 ? '' : 's'} for ${date}`,
        date,
        created: n,
        payments: created.map(toPayment),
      };
    },

    markPaid(id: string, body: z.output<typeof MarkPaidRequest>, actor: UserRow) {
      return move(id, ['pending'], 'paid', actor, body.notes);
    },

    markPending(id: string, actor: UserRow) {
      return move(id, ['paid', 'cancelled'], 'pending', actor);
    },
  };
}

export type CommissionService = ReturnType<typeof createCommissionService>;
