// The load benchmark's traffic (bench/load.mjs): each autocannon connection is one agent of the hall network,
// signed in, with its own room. Every request picks a kind by the weights load.mjs gives; a 'room' request is
// the room's next step in its game's life, as the web app's room makes them (features/room/model/session.ts):
//
//   wizard (GET /api/cartelas/my-cartelas, the wizard's grid; every other game: the answer is cached between rounds)
//   -> create (POST /api/games with an Idempotency-Key, as the wizard sends it)
//   -> [3% of games: cancel before the first call, coins refunded; after a lost answer the room reads the game's
//      state (GET /state) before it sends it again: a second cancel would be refused] or
//   -> first call (POST /events [{ seq 1, call-next }] without `expected`: the order is sealed until then; its
//      answer brings the order and the cards)
//   -> calls (POST /events, 1-3 call-next events each carrying the ball it expects, in the committed order)
//   -> [20% of games: a false claim, validate ... block]
//   -> the winner's claim (validate ... good-bingo, right on the ball that completed its pattern: the claim rule)
//   -> finish -> wizard again.
//
// The room computes with core's win checker (packages/core, built) which call makes a cartela win, as the room's
// validation modal does. A step is only taken as done on a 2xx: after no answer or a 5xx the same body (same
// seq, same `at`, same Idempotency-Key) is sent again, which the server replays; after a 4xx the room gives its
// game up (POST /finish: a game is played to its end, and its cartelas are in one round at a time) and starts a
// new one. Every non-2xx and every socket error is counted as an error.
//
// Bodies are read only where the room needs them (the created game's id, the first call's order): those two are
// asked without Accept-Encoding so that their JSON can be read; every other request says what a browser says
// (`gzip, deflate, br`), so the server compresses what it would compress for a browser.
import { randomBytes } from 'node:crypto';
import { createWinChecker } from '@cartela/core';

const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };
const JSON_TYPE = 'application/json';

/** The patterns halls play, and how often (the line games are quick, full house is the long one). */
const PATTERNS = [
  ['any-one-line', 40],
  ['any-two-lines', 20],
  ['four-corners', 15],
  ['full-house', 15],
  ['x-pattern', 10],
];
const STAKES = [10, 10, 20, 20, 30, 50];
const CANCEL_SHARE = 0.03;
const FALSE_CLAIM_SHARE = 0.2;
const WIZARD_SHARE = 0.5;

const pick = (weighted) => {
  const total = weighted.reduce((s, [, w]) => s + w, 0);
  let r = Math.random() * total;
  for (const [value, w] of weighted) {
    r -= w;
    if (r < 0) return value;
  }
  return weighted[weighted.length - 1][0];
};
const randomInt = (min, max) => min + Math.floor(Math.random() * (max - min + 1));
const sample = (xs, n) => {
  const copy = [...xs];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, n);
};

/** One agent's room: the game it runs and the step it is at. */
export class Room {
  constructor({ token, username, cartelas }) {
    this.token = token;
    this.username = username;
    this.cartelas = cartelas;
    this.auth = { authorization: `Bearer ${token}` };
    this.phase = 'wizard';
    this.game = null;
    /** The step sent and not yet acknowledged (sent again, unchanged, until a 2xx or a 4xx). */
    this.pending = null;
    /** The last game over, for the history page (GET /api/games/:id). */
    this.lastGameId = null;
    this.games = { created: 0, finished: 0, cancelled: 0, calls: 0, abandoned: 0 };
  }

  /** The next request of the room (the pending one again if it had no answer). */
  next() {
    this.pending ??= this.build();
    return this.pending;
  }

  post(kind, path, body, headers = BROWSER) {
    return {
      kind,
      method: 'POST',
      path,
      headers: { ...headers, ...this.auth, 'content-type': JSON_TYPE },
      body: JSON.stringify(body),
    };
  }

  events(kind, events, headers) {
    return this.post(kind, `/api/games/${this.game.gameId}/events`, { events }, headers);
  }

  build() {
    const g = this.game;
    const at = new Date().toISOString();
    switch (this.phase) {
      case 'wizard':
        if (Math.random() < WIZARD_SHARE)
          return {
            kind: 'wizard',
            method: 'GET',
            path: '/api/cartelas/my-cartelas',
            headers: { ...BROWSER, ...this.auth },
          };
        this.phase = 'create';
        return this.build();
      case 'create': {
        const request = this.post(
          'create',
          '/api/games',
          {
            stake: STAKES[randomInt(0, STAKES.length - 1)],
            cartelaNumbers: sample(this.cartelas, randomInt(10, 40)).sort((a, b) => a - b),
            selectedPattern: pick(PATTERNS),
          },
          { 'idempotency-key': `load-${randomBytes(9).toString('base64url')}` },
        );
        return request;
      }
      case 'cancel':
        return this.post('cancel', `/api/games/${g.gameId}/cancel`, { reason: 'Players left' });
      case 'cancel check':
        return {
          kind: 'state check',
          method: 'GET',
          path: `/api/games/${g.gameId}/state`,
          headers: { ...this.auth },
        };
      case 'first-call':
        return this.events('first call', [{ seq: 1, at, type: 'call-next' }], {});
      case 'calls': {
        // Up to the winning call, never past it: the claim must come on the ball that made the win.
        const upTo = g.blockAt > g.called ? g.blockAt : g.winAt;
        const n = Math.min(
          pick([
            [1, 80],
            [2, 15],
            [3, 5],
          ]),
          upTo - g.called,
        );
        const events = [];
        for (let i = 0; i < n; i++) {
          events.push({ seq: g.seq + 1 + i, at, type: 'call-next', expected: g.order[g.called + i] });
        }
        return this.events('calls', events);
      }
      case 'false claim':
        return this.events('false claim', [
          { seq: g.seq + 1, at, type: 'validate', cartelaNumber: g.blockCartela, decision: 'block' },
        ]);
      case 'claim':
        return this.events('claim', [
          { seq: g.seq + 1, at, type: 'validate', cartelaNumber: g.winner, decision: 'good-bingo' },
        ]);
      case 'finish':
        return this.events('finish', [{ seq: g.seq + 1, at, type: 'finish' }]);
      case 'abandon':
        // The endpoint, not the log: after a refusal the room's seq may be what was wrong.
        return this.post('abandon', `/api/games/${g.gameId}/finish`, {});
      default:
        throw new Error(`unknown phase ${this.phase}`);
    }
  }

  /** The answer to the pending step (status 0: no answer). Returns nothing; never throws. */
  answered(status, body) {
    const step = this.pending;
    if (!step) return;
    if (status === 0 && step.kind === 'cancel') {
      // A cancel is not idempotent (a second one is refused: the game is over): as the room does after a lost
      // answer, read the game's state before anything else.
      this.pending = null;
      this.phase = 'cancel check';
      return;
    }
    if (status === 0 || status >= 500) return; // sent again as it is
    this.pending = null;
    if (status < 200 || status >= 300) {
      // Refused: the room gives this game up (the error is counted by the caller). A game it has is finished
      // first, as the agent would: its cartelas are free again only once it is over.
      if (this.game && step.kind !== 'abandon') {
        this.games.abandoned++;
        this.phase = 'abandon';
        return;
      }
      this.game = null;
      this.phase = 'wizard';
      return;
    }
    const g = this.game;
    switch (step.kind) {
      case 'wizard':
        this.phase = 'create';
        break;
      case 'create': {
        const { gameId } = JSON.parse(body);
        this.game = { gameId, seq: 0, called: 0 };
        this.games.created++;
        this.phase = Math.random() < CANCEL_SHARE ? 'cancel' : 'first-call';
        break;
      }
      case 'state check':
        if (JSON.parse(body).state.status !== 'cancelled') {
          this.phase = 'cancel';
          break;
        }
        this.games.cancelled++;
        this.over();
        break;
      case 'cancel':
        this.games.cancelled++;
        this.over();
        break;
      case 'first call': {
        const { lastSeq, state } = JSON.parse(body);
        g.seq = lastSeq;
        g.order = [...state.calledNumbers, ...state.remaining];
        g.called = state.calledNumbers.length;
        this.games.calls += g.called;
        // Which call first completes a cartela's pattern (core's checker, as the room's modal judges claims).
        const checker = createWinChecker(state.cartelas, state.patternId);
        g.winAt = g.order.length;
        g.winner = null;
        for (let i = 0; i < g.order.length; i++) {
          const winners = checker.call(g.order[i]);
          if (winners.length > 0) {
            g.winAt = i + 1;
            g.winner = winners[0];
            break;
          }
        }
        // A false claim on a cartela that has not won, some calls before the win.
        const others = state.cartelas.map((c) => c.cartelaNumber).filter((n) => n !== g.winner);
        g.blockAt =
          Math.random() < FALSE_CLAIM_SHARE && g.winAt > 2 && others.length > 0
            ? randomInt(1, g.winAt - 1)
            : 0;
        g.blockCartela = others[randomInt(0, others.length - 1)];
        this.afterCall();
        break;
      }
      case 'calls': {
        const sent = JSON.parse(step.body).events.length;
        g.seq += sent;
        g.called += sent;
        this.games.calls += sent;
        this.afterCall();
        break;
      }
      case 'false claim':
        g.seq++;
        g.blockAt = 0;
        this.phase = g.called >= g.winAt ? 'claim' : 'calls';
        break;
      case 'claim':
        g.seq++;
        this.phase = 'finish';
        break;
      case 'finish':
        this.games.finished++;
        this.over();
        break;
      case 'abandon':
        this.over();
        break;
    }
  }

  afterCall() {
    const g = this.game;
    if (g.called >= g.order.length) {
      // The 75th ball and no claim planned (in practice never: every card has won by then): the agent finishes
      // it (decision 069: only a finish ends it; its cartelas are in no other round until then).
      this.phase = 'finish';
    } else if (g.blockAt > 0 && g.called >= g.blockAt) this.phase = 'false claim';
    else if (g.called >= g.winAt) this.phase = 'claim';
    else this.phase = 'calls';
  }

  over() {
    this.lastGameId = this.game.gameId;
    this.game = null;
    this.phase = 'wizard';
  }
}

/** Per kind of request: how many, their latencies, statuses, bytes, and the first refusals' bodies. */
export class KindStats {
  constructor() {
    this.kinds = new Map();
  }

  of(kind) {
    let s = this.kinds.get(kind);
    if (!s) {
      s = { count: 0, latencies: [], statuses: {}, bytes: 0, noAnswer: 0, samples: [] };
      this.kinds.set(kind, s);
    }
    return s;
  }

  response(kind, status, ms, bytes, body, path) {
    const s = this.of(kind);
    s.count++;
    s.latencies.push(ms);
    s.bytes += bytes;
    s.statuses[status] = (s.statuses[status] ?? 0) + 1;
    if ((status < 200 || status >= 300) && s.samples.length < 3) {
      s.samples.push(`${status} ${path}: ${String(body).slice(0, 300)}`);
    }
  }

  noAnswer(kind) {
    this.of(kind).noAnswer++;
  }
}

/**
 * The autocannon `setupClient` for the mix: connection i plays rooms[i % rooms.length] and asks the other kinds
 * as that agent (or as the admin, for the admin's pages). `stats` collects per kind.
 */
export function mixClient({ weights, rooms, adminToken, password, stats }) {
  const kinds = Object.entries(weights);
  const admin = { ...BROWSER, authorization: `Bearer ${adminToken}` };
  let nextConnection = 0;

  /** The request of a kind for this room's agent. */
  const requestOf = (kind, room) => {
    const agent = { ...BROWSER, ...room.auth };
    const get = (path, headers = agent) => ({ kind, method: 'GET', path, headers: { ...headers } });
    switch (kind) {
      case 'room':
        return room.next();
      case 'room state': {
        const id = room.game?.gameId ?? room.lastGameId;
        return id ? get(`/api/games/${id}/state`) : get('/api/games/my-games?page=1&limit=10');
      }
      case 'game page':
        return room.lastGameId ? get(`/api/games/${room.lastGameId}`) : get('/api/auth/me');
      case 'my games':
        return get(`/api/games/my-games?page=${randomInt(1, 2)}&limit=10`);
      case 'me':
        return get('/api/auth/me');
      case 'agent dashboard':
        return get(
          `/api/stats/agent?period=${pick([
            ['day', 2],
            ['week', 5],
            ['month', 2],
            ['year', 1],
          ])}`,
        );
      case 'agent report':
        return get(
          `/api/reports/games?page=${randomInt(1, 2)}&limit=20&status=all&sortBy=${pick([
            ['createdAt', 4],
            ['totalAmount', 1],
            ['agentFee', 1],
          ])}&sortOrder=desc`,
        );
      case 'sign-in':
        return {
          kind,
          method: 'POST',
          path: '/api/auth/login',
          headers: { ...BROWSER, 'content-type': JSON_TYPE },
          body: JSON.stringify({ username: room.username, password }),
        };
      case 'admin agents':
        return get('/api/users/agents', admin);
      case 'admin games':
        return get(`/api/games/all?page=${randomInt(1, 3)}&limit=20`, admin);
      case 'admin dashboard':
        return get(
          `/api/stats/admin?period=${pick([
            ['day', 3],
            ['week', 3],
            ['month', 3],
            ['year', 1],
          ])}`,
          admin,
        );
      case 'admin report':
        return get(
          `/api/reports/games?page=${randomInt(1, 5)}&limit=20&status=${pick([
            ['all', 2],
            ['finished', 2],
            ['cancelled', 1],
          ])}&sortBy=${pick([
            ['createdAt', 2],
            ['agentFee', 1],
            ['stake', 1],
            ['numberOfPlayers', 1],
          ])}&sortOrder=desc`,
          admin,
        );
      default:
        throw new Error(`unknown kind ${kind}`);
    }
  };

  return function setupClient(client) {
    const room = rooms[nextConnection++ % rooms.length];
    // A step left on the wire when the previous run ended: whether the server made it is not known.
    if (room.pending) room.answered(0, '');
    let current = null; // the request on the wire
    let done = null; // the request just answered, until autocannon reports its time
    client.on('response', (status, bytes, ms) => {
      if (!done) return;
      stats.response(done.kind, status, ms, bytes, done.body, done.path);
      done = null;
    });
    client.setRequests([
      {
        setupRequest(req) {
          try {
            if (current) {
              // The last request got no answer (a timeout or a broken connection): autocannon counted the error.
              stats.noAnswer(current.kind);
              if (current.room) room.answered(0, '');
            }
            const kind = pick(kinds);
            const r = requestOf(kind, room);
            current = { kind: r.kind, path: r.path, room: kind === 'room' };
            req.method = r.method;
            req.path = r.path;
            req.headers = r.headers;
            req.body = r.body ?? '';
            return req;
          } catch (err) {
            // Never throw in here: autocannon would end the process without cleaning up.
            console.error(`load: building a request failed: ${err.stack}`);
            current = null;
            req.method = 'GET';
            req.path = '/api/health';
            req.headers = {};
            req.body = '';
            return req;
          }
        },
        onResponse(status, body) {
          if (!current) return;
          done = { ...current, body: status >= 200 && status < 300 ? '' : body };
          try {
            if (current.room) room.answered(status, body);
          } catch (err) {
            console.error(`load: reading an answer failed (${current.kind} ${status}): ${err.stack}`);
            room.pending = null;
            room.game = null;
            room.phase = 'wizard';
          }
          current = null;
        },
      },
    ]);
  };
}
