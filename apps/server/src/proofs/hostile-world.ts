// The world the hostile input proof runs in (hostile.test.ts): an admin, an agent and a super agent signed in,
// with real rows for requests to point at (the system cartelas, an agent's cartelas and coins, a running and a
// finished game, an agreement, a top-up, a commission payment, a voice pack), and the judge of every answer.
// Accepted requests may change anything - sign the caller out, delete the agent, finish the game - so after one
// that changed data the world is healed (callers signed in again or replaced, a running game again) and the
// database fingerprint taken anew: the next refusal is compared with the world as it then is.
import { ERROR_CODES, type Role, VOICE_MIN_BYTES, VOICE_PACK_FILES } from '@cartela/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { zipSync } from 'fflate';
import { type GameCall, gameAgent, gameCaller, gamesWorld, newGame } from '../test/games.js';
import { bearer, createAdmin, createSuperAgent, loginAs, type TestApp } from '../test/helpers.js';
import {
  changedTables,
  type Fingerprinter,
  fingerprinter,
  mayChangeOnRefusal,
  type Snapshot,
} from './fingerprint.js';
import { describeRequest, type HostileRequest, type RoutePlan } from './hostile-requests.js';
import { type RealValues, snakeCase } from './hostile-schema.js';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

// ---------------------------------------------------------------------------------------------------------
// Real values, found by name

/** How many rows of each table are read (a random few, drawn again as the data changes). */
const ROWS_PER_TABLE = 12;
/** Longer values (a game's whole state) are left out: no request field carries them. */
const LONGEST_VALUE = 2_000;

/**
 * Values of the database's rows, found by the names of its columns, so that a field or a path parameter can
 * refer to a real row without a list of which field means which table: 'agentId' finds the values of every
 * `agent_id` column, ':id' after 'games' the ids of the games table (and every `game_id`), 'bingoCard' the
 * `card` columns, 'cartelaNumbers' the `cartela_number` ones. Read from the catalog, like the fingerprint.
 */
export class RealRows implements RealValues {
  private byColumn = new Map<string, string[]>();
  private byTable = new Map<string, string[]>();
  private cache = new Map<string, readonly string[]>();
  private statement: string | null = null;

  constructor(private readonly t: TestApp) {}

  async refresh(): Promise<void> {
    if (!this.statement) {
      const columns = rowsOf<{ t: string; c: string }>(
        await this.t.database.db.execute(sql`
          SELECT c.table_name AS t, c.column_name AS c
          FROM information_schema.columns c JOIN information_schema.tables tb
            ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
          WHERE c.table_schema = 'public' AND tb.table_type = 'BASE TABLE' AND c.data_type <> 'bytea'
          ORDER BY c.table_name, c.ordinal_position`),
      );
      const q = (name: string) => `"${name.replaceAll('"', '""')}"`;
      const tables = new Map<string, string[]>();
      for (const { t, c } of columns) tables.set(t, [...(tables.get(t) ?? []), q(c)]);
      // A few random rows of each table (files' bytes left out), whole: one statement for the lot.
      this.statement = [...tables]
        .map(
          ([t, cols]) =>
            `(SELECT '${t}' AS t, to_jsonb(r) AS v FROM (SELECT ${cols.join(', ')} FROM public.${q(t)} ` +
            `ORDER BY random() LIMIT ${ROWS_PER_TABLE}) r)`,
        )
        .join('\nUNION ALL\n');
    }
    const rows = rowsOf<{ t: string; v: Record<string, unknown> }>(
      await this.t.database.db.execute(sql.raw(this.statement)),
    );
    const byColumn = new Map<string, Set<string>>();
    const byTable = new Map<string, string[]>();
    for (const { t, v } of rows) {
      for (const [c, value] of Object.entries(v)) {
        if (value === null) continue;
        const text = typeof value === 'string' ? value : JSON.stringify(value);
        if (text.length > LONGEST_VALUE) continue;
        byColumn.set(c, (byColumn.get(c) ?? new Set()).add(text));
        if (c === 'id') byTable.set(t, [...(byTable.get(t) ?? []), text]);
      }
    }
    this.byColumn = new Map([...byColumn].map(([c, values]) => [c, [...values]]));
    this.byTable = byTable;
    this.cache.clear();
  }

  near(hint: string): readonly string[] {
    const hit = this.cache.get(hint);
    if (hit) return hit;
    const name = snakeCase(hint);
    const base = name.replace(/_ids?$/, '');
    const singular = base.replace(/s$/, '');
    const last = name.split('_').at(-1) ?? '';
    const columns = new Set([name, base, singular, `${base}_id`, `${singular}_id`, `${singular}_number`]);
    if (last.length > 2 && last !== 'id' && last !== 'ids') columns.add(last);
    const found = new Set<string>();
    for (const c of columns) for (const v of this.byColumn.get(c) ?? []) found.add(v);
    for (const [table, ids] of this.byTable) {
      if (table === base || table === `${singular}s` || table.endsWith(`_${base}`))
        for (const v of ids) found.add(v);
    }
    const values = [...found];
    this.cache.set(hint, values);
    return values;
  }
}

// ---------------------------------------------------------------------------------------------------------
// The judge

/** Statuses a request may get without being a refusal: success, and Not Modified for a conditional GET. */
const isAccepted = (status: number) => (status >= 200 && status < 300) || status === 304;

/** What is wrong with an answer, whatever the request: a 5xx, or a refusal that is not the error model. */
export function answerProblems(res: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  const status = res.statusCode;
  if (status >= 500) problems.push(`a ${status}: the server failed on input it should have refused`);
  else if (!isAccepted(status) && status < 400) problems.push(`a ${status}, neither an answer nor a refusal`);
  if (status < 400) return problems;
  const type = String(res.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) problems.push(`a refusal with content-type "${type}", not JSON`);
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    problems.push('a refusal whose body is not JSON');
    return problems;
  }
  const { message, code } = (body ?? {}) as { message?: unknown; code?: unknown };
  if (typeof message !== 'string' || typeof code !== 'string')
    problems.push('a refusal that is not the error model { message: string, code: string }');
  else if (!(ERROR_CODES as readonly string[]).includes(code))
    problems.push(`a refusal with code "${code}", not one of the contract's ERROR_CODES`);
  return problems;
}

/** The codes of plugins/auth.ts's access check: an answer with another one came from further in. */
const ACCESS_REFUSALS = new Set(['UNAUTHORIZED', 'TOKEN_EXPIRED', 'FORBIDDEN', 'PASSWORD_CHANGE_REQUIRED']);

function codeOf(res: LightMyRequestResponse): string | null {
  if (res.statusCode < 400) return null;
  try {
    return String((JSON.parse(res.body) as { code?: unknown }).code);
  } catch {
    return null;
  }
}

/** The last error the app's error path saw (set by HostileWorld.instrument): shown beside a 5xx. */
const lastErrors = new WeakMap<FastifyInstance, unknown>();

/** An error's name, message and first frames (enough to find the line; never shown to a client). */
function innerError(err: unknown): string {
  if (!(err instanceof Error)) return err === undefined ? '(no error seen)' : String(err);
  const frames = (err.stack ?? '')
    .split('\n')
    .slice(1, 4)
    .map((l) => l.trim());
  return `${err.name}: ${err.message.replace(/\s+/g, ' ').slice(0, 400)} ${frames.join(' | ')}`;
}

// ---------------------------------------------------------------------------------------------------------
// The world

export interface RouteStats {
  sent: number;
  /** Requests valid by the contract in every part: each reached the route's handler. */
  valid: number;
  /** Answers the access check did not give (another code, or a success): the request got past it. */
  pastAccess: number;
  /** Accepted requests that changed data (the baseline then moved). */
  changedData: number;
  statuses: Map<number, number>;
  /** The slowest answer, in milliseconds, and its request. */
  slowest: { ms: number; request: string };
}

interface Caller {
  call: GameCall;
  userId: string;
}

const ROLES: readonly Role[] = ['admin', 'agent', 'super-agent'];
/** Accepted changes between two readings of the real values. */
const REFRESH_EVERY = 8;

/** The business day of an instant in Addis Ababa (the default business time zone), YYYY-MM-DD. */
const businessDay = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Addis_Ababa' }).format(at);

/** How far ahead of the real time the app's clock runs: none while the world plays its first games. */
let clockAhead = 0;
/**
 * The clock the app under test runs on (its games are dated by it): the real time while the world plays its
 * first games, then a day ahead, so that their business day is over and their commission payment can be
 * generated (a real game, not a row made up for it).
 */
export const HOSTILE_CLOCK = () => new Date(Date.now() + clockAhead);

/** A complete voice pack, zipped, as far as the server's checks go (an ID3 tag or an 'ftyp' box, enough bytes). */
function voicePackZip(): Buffer {
  const file = (path: string) => {
    const data = new Uint8Array(VOICE_MIN_BYTES + 100).fill(0x55);
    data.set(
      path.endsWith('.m4a')
        ? [0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x4d, 0x34, 0x41, 0x20]
        : [0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0],
    );
    return data;
  };
  return Buffer.from(zipSync(Object.fromEntries(VOICE_PACK_FILES.map((p) => [p, file(p)])), { level: 1 }));
}

export class HostileWorld {
  readonly real: RealRows;
  readonly stats = new Map<string, RouteStats>();
  /** Where the run's time went, in milliseconds: answering requests, fingerprinting, healing the world. */
  readonly time = { requests: 0, fingerprints: 0, heals: 0 };
  private readonly callers = new Map<Role, Caller>();
  private readonly anonymous: GameCall;
  private baseline: Snapshot = { xid: '', fingerprint: new Map() };
  /** An admin no hostile request is sent as: it sets the world up and heals it. */
  private readonly setup: GameCall;
  private changesSinceRefresh = 0;
  /** A request failed: the next route starts from a healed world. */
  private dirty = true;

  private constructor(
    private readonly t: TestApp,
    private readonly fingerprint: Fingerprinter,
    /** The setup admin's token (the voice pack upload sends raw bytes, which its GameCall cannot). */
    private readonly setupToken: string,
  ) {
    this.real = new RealRows(t);
    this.anonymous = gameCaller(t.app, null);
    this.setup = gameCaller(t.app, setupToken);
  }

  /**
   * For startTestApp's extraRoutes: keeps the error behind each failed request (the app's own logger is off in
   * tests), so that a 5xx's report says what went wrong inside.
   */
  static instrument(app: FastifyInstance): void {
    app.addHook('onError', async (_request, _reply, error) => {
      lastErrors.set(app, error);
    });
  }

  static async start(t: TestApp): Promise<HostileWorld> {
    // The 300 system cartelas, and the admin that builds the rest.
    await gamesWorld(t.app, t.database);
    const setupToken = await loginAs(t.app, await createAdmin(t.database));
    const world = new HostileWorld(t, await fingerprinter(t.database), setupToken);
    await world.rebuild('admin');
    await world.rebuild('super-agent');
    await world.rebuild('agent');
    await world.richer();
    await world.heal(true);
    return world;
  }

  /** The tables the fingerprint covers. */
  get tables(): readonly string[] {
    return this.fingerprint.tables;
  }

  /** Rows that only a few routes make, made once so that those routes' paths can point at them. */
  private async richer(): Promise<void> {
    const agent = this.callers.get('agent')!;
    const expectOk = (what: string, res: LightMyRequestResponse) => {
      if (res.statusCode >= 300)
        throw new Error(`setting up the hostile world: ${what}: ${res.statusCode} ${res.body}`);
    };
    // A finished game beside the running one, and a top-up (which earns the super agent its share).
    const finished = await newGame(agent.call, { cartelaNumbers: [6, 7, 8] });
    expectOk('finish a game', await agent.call('POST', `/api/games/${finished.id}/finish`));
    expectOk(
      'add coins',
      await this.setup('POST', `/api/users/agents/${agent.userId}/add-coins`, { coins: 10, etbAmount: 5 }),
    );
    // A commission-share agent's finished game, and the daily payment that settles it: the app's clock then runs
    // a day ahead (HOSTILE_CLOCK), so today is a business day that is over.
    const shared = await gameAgent(this.t.app, this.t.database, this.setup, {
      financialModel: 'commission-share',
      cartelas: await this.activeSystemNumbers(3),
    });
    const played = await newGame(shared.as, { cartelaNumbers: await this.activeSystemNumbers(3) });
    expectOk('finish a game', await shared.as('POST', `/api/games/${played.id}/finish`));
    clockAhead = 86_400_000;
    const generated = await this.setup('POST', '/api/commission/generate-daily', {
      date: businessDay(new Date()),
    });
    expectOk('generate the daily payments', generated);
    if (!(generated.json().created >= 1))
      throw new Error(`setting up the hostile world: no payment: ${generated.body}`);
    await this.ensureVoicePack();
  }

  /** A new account for the role, signed in (the agent: with cartelas, coins, a running game and a super agent). */
  private async rebuild(role: Role): Promise<void> {
    const { app, database } = this.t;
    if (role === 'agent') {
      const cartelas = await this.activeSystemNumbers(20);
      const agent = await gameAgent(app, database, this.setup, { coins: 1_000_000, cartelas });
      this.callers.set('agent', { call: agent.as, userId: agent.user.id });
      // Under the super agent, so that the super agent's own routes have an agent to show.
      const superAgent = this.callers.get('super-agent');
      if (superAgent) {
        await this.setup('POST', '/api/super-agents/assign-agent', {
          agentId: agent.user.id,
          superAgentId: superAgent.userId,
        });
      }
      await newGame(agent.as, { cartelaNumbers: cartelas.slice(0, 5) });
      return;
    }
    const who = role === 'admin' ? await createAdmin(database) : await createSuperAgent(database);
    this.callers.set(role, { call: gameCaller(app, await loginAs(app, who)), userId: who.user.id });
  }

  /** Numbers of active system cartelas (hostile requests may have switched some off). */
  private async activeSystemNumbers(count: number): Promise<number[]> {
    return rowsOf<{ n: number }>(
      await this.t.database.db.execute(
        sql`SELECT cartela_number AS n FROM cartelas WHERE is_active ORDER BY cartela_number LIMIT ${count}`,
      ),
    ).map((r) => Number(r.n));
  }

  /** The agent has a running game (the game routes' real row); a new one when the last was finished. */
  private async ensureGame(): Promise<boolean> {
    const agent = this.callers.get('agent')!;
    const [running] = rowsOf(
      await this.t.database.db.execute(
        sql`SELECT 1 FROM games WHERE agent_id = ${agent.userId} AND status IN ('active', 'paused') LIMIT 1`,
      ),
    );
    if (running) return false;
    const numbers = rowsOf<{ n: number }>(
      await this.t.database.db.execute(sql`
        SELECT a.cartela_number AS n FROM agent_cartelas a JOIN cartelas c USING (cartela_number)
        WHERE a.agent_id = ${agent.userId} AND a.is_active AND c.is_active ORDER BY 1 LIMIT 5`),
    ).map((r) => Number(r.n));
    const res =
      numbers.length > 0
        ? await agent.call('POST', '/api/games', {
            stake: 10,
            cartelaNumbers: numbers,
            selectedPattern: 'full-house',
          })
        : null;
    // Its cartelas taken back, its patterns or model changed: a new agent is quicker than undoing it all.
    if (res?.statusCode !== 201) await this.rebuild('agent');
    return true;
  }

  private async ensureVoicePack(): Promise<boolean> {
    const [pack] = rowsOf(await this.t.database.db.execute(sql`SELECT 1 FROM voice_packs LIMIT 1`));
    if (pack) return false;
    const res = await this.t.app.inject({
      method: 'POST',
      url: `/api/voice-packs?name=hall-${Date.now().toString(36)}&language=am`,
      headers: { ...bearer(this.setupToken), 'content-type': 'application/zip' },
      payload: voicePackZip(),
    });
    if (res.statusCode !== 201)
      throw new Error(`setting up the hostile world: upload a voice pack: ${res.statusCode} ${res.body}`);
    return true;
  }

  /**
   * After an accepted request changed data: every caller signed in and able (replaced when signed out, deleted
   * or deactivated), a running game, a voice pack, and a new baseline; `refresh` reads the real values again.
   */
  async heal(refresh = false): Promise<void> {
    const started = performance.now();
    let rebuilt = refresh;
    for (const role of ROLES) {
      const res = await this.callers.get(role)?.call('GET', '/api/auth/me');
      if (res?.statusCode !== 200) {
        await this.rebuild(role);
        rebuilt = true;
      }
    }
    rebuilt = (await this.ensureGame()) || rebuilt;
    rebuilt = (await this.ensureVoicePack()) || rebuilt;
    // Real values a few changes old still point at real rows (or at rows just deleted: a fine test too), so
    // they are read again after every few changes, and at once when an account or a game was replaced.
    if (rebuilt || ++this.changesSinceRefresh >= REFRESH_EVERY) {
      await this.real.refresh();
      this.changesSinceRefresh = 0;
    }
    this.baseline = await this.fingerprint.take();
    this.time.heals += performance.now() - started;
  }

  statsOf(plan: RoutePlan): RouteStats {
    let s = this.stats.get(plan.name);
    if (!s) {
      s = {
        sent: 0,
        valid: 0,
        pastAccess: 0,
        changedData: 0,
        statuses: new Map(),
        slowest: { ms: 0, request: '' },
      };
      this.stats.set(plan.name, s);
    }
    return s;
  }

  /**
   * Sends one request as its caller and judges the answer: no 5xx, every refusal the error model, and a refusal
   * leaves every table as it was. Throws a report naming the route, the request and the answer.
   */
  async send(plan: RoutePlan, request: HostileRequest): Promise<void> {
    const call = request.role ? this.callers.get(request.role)!.call : this.anonymous;
    lastErrors.delete(this.t.app);
    const started = performance.now();
    const res = await call(request.method as 'GET', request.url, request.payload, request.headers);
    const ms = performance.now() - started;
    this.time.requests += ms;
    const after = await this.fingerprint.next(this.baseline);
    this.time.fingerprints += performance.now() - started - ms;
    const changed = changedTables(this.baseline.fingerprint, after.fingerprint);
    const problems = answerProblems(res);
    const unexplained = changed.filter((table) => !mayChangeOnRefusal(plan.name, table));
    if (res.statusCode >= 400 && unexplained.length > 0)
      problems.push(`a refusal that changed the database: ${unexplained.join(', ')}`);

    const s = this.statsOf(plan);
    s.sent++;
    if (request.valid) s.valid++;
    if (!ACCESS_REFUSALS.has(codeOf(res) ?? '')) s.pastAccess++;
    s.statuses.set(res.statusCode, (s.statuses.get(res.statusCode) ?? 0) + 1);
    if (ms > s.slowest.ms) s.slowest = { ms, request: `${describeRequest(request)}\n  -> ${res.statusCode}` };

    if (problems.length > 0) {
      // The next request starts from the database as it is now, whatever this one did.
      this.baseline = after;
      this.dirty = true;
      throw new Error(
        [
          `${plan.name}: ${problems.join('; ')}`,
          `request: ${describeRequest(request)}`,
          `answer: ${res.statusCode} ${String(res.headers['content-type'] ?? '')} ${res.body.slice(0, 500)}`,
          ...(res.statusCode >= 500 ? [`inside: ${innerError(lastErrors.get(this.t.app))}`] : []),
        ].join('\n'),
      );
    }
    const signedOut = request.role !== null && res.statusCode === 401;
    if ((isAccepted(res.statusCode) && changed.length > 0) || signedOut) {
      if (changed.length > 0) s.changedData++;
      await this.heal();
    } else {
      this.baseline = after;
    }
  }

  /** Something went wrong outside the judge (a heal that failed...): heal before the next run. */
  invalidate(): void {
    this.dirty = true;
  }

  /** Before a route's run: a healed world and a new baseline if the last run ended on a failure. */
  async resync(): Promise<void> {
    if (this.dirty) await this.heal(true);
    this.dirty = false;
  }
}
