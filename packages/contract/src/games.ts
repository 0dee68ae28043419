// Games (issue 8): creation with coins, the actions of a running game and their event log, lists and history
// (product/draw.md#game-states, product/screens.md#create-game-wizard; decision 013 for the engine;
// product/money.md#game-economics and product/draw.md#the-provably-fair-draw). Every rule behind these shapes
// lives in packages/core (gameReducer, gameEconomics, checkClaim).
import { CARTELA_MAX, MAX_STAKE_ETB, normalizePatternId, PATTERN_IDS } from '@cartela/core';
import { z } from 'zod';
import { CartelaNumber } from './cartelas.js';
import { boundText, Etb, Id, IsoDateTime, PatternId, Percent, text } from './common.js';
import { Page, pageNumber, pageSize } from './fields.js';
import { defineRoute } from './route.js';

export const GameStatus = z.enum(['active', 'paused', 'finished', 'cancelled']);
export type GameStatus = z.infer<typeof GameStatus>;

/**
 * The gameMode (product/draw.md#winning-patterns): 'specific-pattern' (its default), a game won by its one
 * selected pattern. 'online', which clients before decision 055 sent, is read as 'specific-pattern'.
 */
export const GameMode = z.enum(['specific-pattern']);
export type GameMode = z.infer<typeof GameMode>;
const GameModeInput = z
  .enum(['specific-pattern', 'online'])
  .default('specific-pattern')
  .transform((): GameMode => 'specific-pattern');

/** A pattern id as the wizard or an older client sends it: canonical ids and core's aliases ('l-shape'). */
const PatternIdOrAlias = text()
  .max(64)
  .refine((id) => normalizePatternId(id) !== null, 'Unknown winning pattern')
  .describe(`A winning pattern id (${PATTERN_IDS.join(', ')}) or one of its aliases`);

/**
 * The stake per player (product/money.md#game-economics: a whole number of birr, at least 1; presets 10-200), at
 * most core's bound (decision 081).
 */
const Stake = z
  .number()
  .int('The amount is a whole number of birr')
  .min(1, 'The amount must be at least 1 birr')
  .max(MAX_STAKE_ETB, `The amount is at most ${boundText(MAX_STAKE_ETB)} birr`);

const CartelaNumbers = z
  .array(CartelaNumber)
  .min(1, 'Select at least one cartela')
  .max(CARTELA_MAX)
  .superRefine((numbers, ctx) => {
    const seen = new Set<number>();
    for (const n of numbers) {
      if (seen.has(n)) ctx.addIssue({ code: 'custom', message: `Cartela ${n} is selected twice` });
      seen.add(n);
    }
  });

/** A money level of the wizard (product/screens.md#create-game-wizard). */
const MoneyLevel = z.strictObject({
  amount: z.number().int('A money level is a whole number of birr').min(0).max(MAX_STAKE_ETB),
  label: text().max(64).optional(),
});
/** A level the wizard sends as a number; 0 (or null) for none (product/screens.md#create-game-wizard). */
const Level = z.number().int('A money level is a whole number of birr').min(0).max(MAX_STAKE_ETB);

/**
 * The create payload's fields for the wizard's own screens, kept on the game as sent and shown in its history
 * (decision 055): which patterns the wizard offered, its money levels, the custom and common level, the voice speed.
 */
export const GameSettings = z
  .object({
    enabledPatterns: z.array(PatternId).optional(),
    moneyLevels: z.array(z.object({ amount: z.number().int(), label: z.string().optional() })).optional(),
    customMoneyLevel: z.number().int().nullable().optional(),
    commonMoneyLevel: z.number().int().nullable().optional(),
    voiceSpeed: z.number().optional(),
  })
  .meta({ id: 'GameSettings' });
export type GameSettings = z.infer<typeof GameSettings>;

/**
 * POST /api/games (product/screens.md#create-game-wizard plus the cartelas, product/money.md#game-economics),
 * with the spec's defaults (gameMode 'specific-pattern'). numberOfPlayers, when sent, must equal the
 * number of cartelas; the server derives it. enabledPatterns, moneyLevels, customMoneyLevel, commonMoneyLevel and
 * voiceSpeed are kept on the game (`settings`). Send an `Idempotency-Key` header (1-128 visible characters) to
 * make a retry safe.
 */
export const CreateGameRequest = z
  .strictObject({
    stake: Stake,
    cartelaNumbers: CartelaNumbers,
    selectedPattern: PatternIdOrAlias,
    numberOfPlayers: z.number().int().min(1).max(CARTELA_MAX).optional(),
    gameMode: GameModeInput,
    enabledPatterns: z
      .array(PatternIdOrAlias)
      .max(64)
      .transform((ids) => [...new Set(ids.map((id) => normalizePatternId(id)!))])
      .optional(),
    moneyLevels: z.array(MoneyLevel).max(32).optional(),
    customMoneyLevel: Level.nullable().optional(),
    commonMoneyLevel: Level.nullable().optional(),
    voiceSpeed: z.number().min(0.1, 'voiceSpeed is 0.1-3').max(3, 'voiceSpeed is 0.1-3').optional(),
  })
  .refine((v) => v.numberOfPlayers === undefined || v.numberOfPlayers === v.cartelaNumbers.length, {
    message: 'numberOfPlayers must equal the number of cartelas',
    path: ['numberOfPlayers'],
  })
  .meta({ id: 'CreateGameRequest' });
export type CreateGameRequest = z.input<typeof CreateGameRequest>;

/** A confirmed GOOD BINGO. */
export const GameWinner = z.object({
  cartelaNumber: z.number().int(),
  patternId: PatternId,
  lastBall: z.number().int().describe('The ball that completed the win'),
  callCount: z.number().int().describe('How many balls had been called'),
  at: IsoDateTime.nullable(),
});

/** A confirmed GOOD BINGO with what it is paid (decision 062: winners on the same ball split the prize). */
export const GameWinnerShare = GameWinner.extend({
  prizeShare: Etb.describe(
    "This winner's part of the prize: equal parts, the santim left over one each to the first confirmed (core prizeShares)",
  ),
});

/**
 * A game as lists and pages show it (product/screens.md#game-management). Money in ETB; the seed (`drawSeed`)
 * is null until the game is finished or cancelled, the commitment (`drawCommitment`, SHA-256 of the seed) is
 * always there.
 */
export const Game = z
  .object({
    id: Id,
    _id: Id,
    gameId: z.string().describe("The game's public id, used in addresses (/game/{gameId})"),
    agentId: Id,
    agentUsername: z.string(),
    status: GameStatus,
    gameMode: GameMode,
    stake: Etb,
    numberOfPlayers: z.number().int(),
    totalAmount: Etb.describe('stake x players; 0 for a cancelled game (the stakes went back, decision 064)'),
    agentFee: Etb.describe("The house cut, shown as 'Commission'; 0 for a cancelled game"),
    prize: Etb.describe('What the winner is paid: totalAmount - agentFee; 0 for a cancelled game'),
    commissionPercent: Percent,
    coinCost: z
      .number()
      .int()
      .describe('Virtual coins the game cost, net of a refund (0 for a commission-share agent)'),
    selectedWinningPattern: PatternId,
    winningPattern: PatternId.describe('Same as selectedWinningPattern (the spec names both)'),
    cartelaNumbers: z.array(z.number().int()),
    calledNumbers: z.array(z.number().int()).describe('Balls called, in call order'),
    totalCalls: z.number().int(),
    winnerCartelaNumber: z.number().int().nullable(),
    winners: z
      .array(GameWinnerShare)
      .describe('Every confirmed GOOD BINGO, in the order confirmed, each with its share of the prize'),
    finishReason: z.enum(['agent', 'all-called']).nullable(),
    cancelReason: z
      .string()
      .nullable()
      .describe("A cancelled game: why, in the agent's words (null when none was given or not cancelled)"),
    refundedCoins: z
      .number()
      .int()
      .describe('Coins given back when the game was cancelled before its first call (0 otherwise)'),
    settings: GameSettings,
    drawCommitment: z.string(),
    drawSeed: z.string().nullable(),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
    finishedAt: IsoDateTime.nullable(),
  })
  .meta({ id: 'Game' });
export type Game = z.infer<typeof Game>;

/**
 * When an action of the story happened: `at` is the room's clock when the server found it plausible (after the
 * game's creation and the previous action, not after the server's own time plus a minute), else the time the
 * server received it (`clock` says which); `receivedAt` is always the server's time of receipt.
 */
const StoryTimes = {
  at: IsoDateTime.nullable(),
  receivedAt: IsoDateTime.nullable(),
  clock: z.enum(['room', 'server']).describe("Whose clock `at` is: the room's, or the server's receipt"),
};

/** One call of a game's history. */
export const GameCall = z.object({
  number: z.number().int(),
  letter: z.enum(['B', 'I', 'N', 'G', 'O']),
  ...StoryTimes,
});

/**
 * The latest call that completed the pattern on the card (core's checkClaim): a winner's is the claim's own
 * call, a late claim's an earlier one ('completed on ball 20, claimed on ball 21'); null when none did, and for
 * games recorded before it was kept.
 */
const CompletedOn = z
  .object({ ball: z.number().int(), callCount: z.number().int() })
  .nullish()
  .describe(
    'The latest call that completed the pattern on the card; null when none did (absent: not recorded)',
  );

/** A validation (GOOD BINGO or a block) as the history keeps it, with the automatic verdict of the time. */
export const GameValidation = z.object({
  cartelaNumber: z.number().int(),
  decision: z.enum(['good-bingo', 'block']),
  reason: z
    .string()
    .describe("core's claim verdict: WINNER, MANUAL (agents-own), PATTERN_INCOMPLETE, LATE_CLAIM, ..."),
  callCount: z.number().int(),
  lastBall: z.number().int(),
  completedOn: CompletedOn,
  at: IsoDateTime.nullable(),
});

/** A game with its whole story: calls with their times, shuffles, validations (GET /api/games/{id}). */
export const GameDetail = Game.extend({
  calls: z.array(GameCall),
  shuffles: z.array(
    z.object({
      afterCalls: z.number().int().describe('How many balls had been called when the balls were mixed'),
      reordered: z
        .boolean()
        .describe(
          'true only for games recorded before 2026-11-26, when a shuffle reordered the balls not yet called (the verifier replays it); a shuffle since leaves the committed order as it is',
        ),
      ...StoryTimes,
    }),
  ),
  validations: z.array(GameValidation),
  blocked: z.array(z.number().int()),
  lastSeq: z.number().int().describe('The sequence number of the last action in the event log (0: none)'),
}).meta({ id: 'GameDetail' });
export type GameDetail = z.infer<typeof GameDetail>;

export const GameResponse = z.object({ game: GameDetail }).meta({ id: 'GameResponse' });
export const CreateGameResponse = z
  .object({ message: z.string(), gameId: z.string(), game: GameDetail })
  .meta({ id: 'CreateGameResponse' });

export const GamesPage = z
  .object({
    games: z.array(Game),
    ...Page,
  })
  .meta({ id: 'GamesPage' });

export const MyGamesQuery = z.strictObject({ page: pageNumber.default(1), limit: pageSize.default(10) });
export const AllGamesQuery = z.strictObject({ page: pageNumber.default(1), limit: pageSize.default(20) });

/** A game's `_id` (UUID) or its `gameId`: every /api/games/{id} path takes either. */
export const GameParams = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a game id'),
});
const GameCartelaParams = GameParams.extend({
  n: z
    .string()
    .regex(/^\d{1,3}$/, 'Not a cartela number')
    .transform(Number)
    .pipe(CartelaNumber),
});

/** The game's cartelas with the cards they carry in this game (copied at creation). */
export const GameCartela = z.object({
  cartelaNumber: z.number().int(),
  bingoCard: z.array(z.array(z.number().int())),
});
export const GameCartelasResponse = z
  .object({ cartelas: z.array(GameCartela) })
  .meta({ id: 'GameCartelasResponse' });
export const GameCartelaResponse = z.object({ cartela: GameCartela }).meta({ id: 'GameCartelaResponse' });

/** POST /api/games/{id}/call-number. */
export const CallNumberResponse = z
  .object({
    number: z.number().int(),
    letter: z.enum(['B', 'I', 'N', 'G', 'O']),
    calledNumbers: z.array(z.number().int()),
    remaining: z.number().int().describe('How many balls are left'),
    status: GameStatus,
  })
  .meta({ id: 'CallNumberResponse' });

/** The answer of /pause, /resume, /shuffle-numbers, /finish and /cancel: the game after the action. */
export const GameActionResponse = z
  .object({ message: z.string(), game: GameDetail })
  .meta({ id: 'GameActionResponse' });

export const ValidateWinnerRequest = z
  .strictObject({ cartelaNumber: CartelaNumber, claimedPattern: PatternIdOrAlias.optional() })
  .meta({ id: 'ValidateWinnerRequest' });

/** The claim rule's verdict (core checkClaim) and what was recorded: GOOD BINGO for a winner, else a block. */
export const ValidateWinnerResponse = z
  .object({
    winner: z.boolean(),
    reason: z
      .string()
      .describe(
        "core's claim verdict (ClaimReason): WINNER, MANUAL (agents-own: the agent's word), PATTERN_INCOMPLETE, LATE_CLAIM (the pattern was completed by an earlier ball, not the last one)",
      ),
    message: z.string(),
    cartelaNumber: z.number().int(),
    patternId: PatternId,
    lastBall: z.number().int(),
    recorded: z.enum(['good-bingo', 'block']),
    prizeShare: Etb.nullable().describe(
      "A GOOD BINGO: this cartela's share of the prize as the winners stand now (null for a block)",
    ),
    sharedBy: z.number().int().describe('How many winners share the prize now (0 while there is none)'),
    game: GameDetail,
  })
  .meta({ id: 'ValidateWinnerResponse' });

/** When an action happened, as the room recorded it (ISO 8601). */
const At = z.iso.datetime({ offset: true, message: 'at is an ISO 8601 date-time' });
const Seq = z.number().int().min(1, 'seq starts at 1').max(1_000_000);
/** Why a game is cancelled, in the agent's words. */
const CancelReason = text().trim().max(200, 'The reason is at most 200 characters');

/**
 * POST /api/games/{id}/call-number: the body is optional. With `seq` the call is that event of the game's log, so
 * a client that retries after a lost answer gets the first answer again instead of a second ball.
 */
export const CallNumberRequest = z
  .preprocess(
    (body) => body ?? {},
    z.strictObject({
      seq: Seq.optional().describe(
        "The call's number in the game's event log (the game's lastSeq + 1); sent again, the same call's answer",
      ),
    }),
  )
  .meta({ id: 'CallNumberRequest' });

/** POST /api/games/{id}/cancel: the body is optional (no body: no reason). */
export const CancelGameRequest = z
  .preprocess((body) => body ?? {}, z.strictObject({ reason: CancelReason.optional() }))
  .meta({ id: 'CancelGameRequest' });

/**
 * One numbered action of a game's event log (decision 013's reducer actions, without create and reveal-seed,
 * which only the server makes). `seq` numbers a game's actions 1, 2, 3, ... with no gap; a call carries the ball
 * the room called (`expected`), so a call that contradicts the committed order is refused.
 */
export const GameEvent = z.discriminatedUnion('type', [
  z.strictObject({
    seq: Seq,
    at: At,
    type: z.literal('call-next'),
    expected: z.number().int().min(1).max(75).optional(),
  }),
  z.strictObject({ seq: Seq, at: At, type: z.literal('pause') }),
  z.strictObject({ seq: Seq, at: At, type: z.literal('resume') }),
  z.strictObject({
    seq: Seq,
    at: At,
    type: z.literal('shuffle'),
    remaining: z.array(z.number().int().min(1).max(75)).max(75).optional(),
  }),
  z.strictObject({
    seq: Seq,
    at: At,
    type: z.literal('validate'),
    cartelaNumber: CartelaNumber,
    decision: z.enum(['good-bingo', 'block']),
  }),
  z.strictObject({ seq: Seq, at: At, type: z.literal('finish') }),
  z.strictObject({ seq: Seq, at: At, type: z.literal('cancel'), reason: CancelReason.optional() }),
]);
export type GameEvent = z.infer<typeof GameEvent>;

export const GameEventsRequest = z
  .strictObject({ events: z.array(GameEvent).min(1, 'Send at least one event').max(200) })
  .meta({ id: 'GameEventsRequest' });

/**
 * The game's state for the room (decision 013: core's GameState without the seed, so the room can call
 * offline from `remaining`), after the batch, with the last applied sequence number. Until the first call is
 * committed the order is sealed (core's sealOrder: `remaining` empty, `orderSealed` true): no call is revealed
 * while the game can still be cancelled with a refund; the first call's answer carries the order.
 */
export const RoomState = z
  .object({
    v: z.literal(1),
    gameId: z.string(),
    status: GameStatus,
    patternId: PatternId,
    cartelas: z.array(
      z.object({ cartelaNumber: z.number().int(), card: z.array(z.array(z.number().int())) }),
    ),
    commitment: z.string(),
    seedHex: z
      .string()
      .nullable()
      .describe('null while the game runs (redactSeed); the revealed seed once it is finished or cancelled'),
    calledNumbers: z.array(z.number().int()),
    remaining: z.array(z.number().int()),
    orderSealed: z.boolean().optional(),
    shuffles: z.array(z.number().int()),
    legacyShuffles: z.array(z.number().int()).optional(),
    cancelReason: z.string().nullable().optional(),
    blocked: z.array(z.number().int()),
    winners: z.array(GameWinner),
    validations: z.array(GameValidation),
    finishReason: z.enum(['agent', 'all-called']).nullable(),
    createdAt: IsoDateTime.nullable(),
    updatedAt: IsoDateTime.nullable(),
    finishedAt: IsoDateTime.nullable(),
  })
  .meta({ id: 'RoomState' });

export const GameEventsResponse = z
  .object({
    lastSeq: z.number().int(),
    applied: z
      .number()
      .int()
      .describe('Events of this batch applied now (replays of applied ones are not counted)'),
    state: RoomState,
  })
  .meta({ id: 'GameEventsResponse' });

export const RoomStateResponse = z
  .object({ lastSeq: z.number().int(), state: RoomState, game: Game })
  .meta({ id: 'RoomStateResponse' });

/**
 * A game as anyone may see it, without signing in (the public /verify page, decision 074): what the hall could
 * see on the TV, and once the game is over what proves its draw. Nothing of the hall or the network: no agent,
 * no user, no other game, no money but the stake and the prize. While it runs: its status, pattern, how many
 * cartelas play, the stake and the prize, the commitment and the calls so far; the seed is null until it is
 * over (product/draw.md#the-provably-fair-draw). Finished or cancelled: also the seed, the winners, the claims
 * and the shuffles that reordered the balls (games recorded before 2026-11-26).
 */
export const PublicGame = z
  .object({
    gameId: z.string(),
    status: GameStatus,
    patternId: PatternId,
    cartelaCount: z.number().int().describe('Cartelas in play (one player each)'),
    stake: Etb,
    prize: Etb.describe(
      'What the winners share; 0 for a cancelled game (the stakes went back, decision 064)',
    ),
    commitment: z.string().describe('SHA-256 of the seed, published before the first call'),
    createdAt: IsoDateTime,
    startedAt: IsoDateTime.nullable().describe('When the first ball was called (null before it)'),
    finishedAt: IsoDateTime.nullable(),
    calledNumbers: z.array(z.number().int()).describe('Balls called so far, in call order'),
    seed: z
      .string()
      .nullable()
      .describe('The seed, revealed once the game is finished or cancelled; null before'),
    winners: z
      .array(
        z.object({
          cartelaNumber: z.number().int(),
          patternId: PatternId,
          lastBall: z.number().int(),
          callCount: z.number().int(),
          prizeShare: Etb,
        }),
      )
      .describe('Once over: every confirmed GOOD BINGO with its share of the prize ([] before)'),
    claims: z
      .array(
        z.object({
          cartelaNumber: z.number().int(),
          decision: z.enum(['good-bingo', 'block']),
          reason: z.string(),
          callCount: z.number().int().describe('How many balls had been called when it was checked'),
          lastBall: z.number().int(),
          completedOn: CompletedOn,
        }),
      )
      .describe('Once over: every cartela checked, in order ([] before)'),
    reorderedAfter: z
      .array(z.number().int())
      .describe(
        'Once over: for each shuffle that reordered the balls (games recorded before 2026-11-26 only), how many balls had been called',
      ),
    stakesRefunded: z
      .boolean()
      .nullable()
      .describe(
        'A cancelled game: true, the players got their stakes back (product/money.md); null otherwise',
      ),
  })
  .meta({ id: 'PublicGame' });
export type PublicGame = z.infer<typeof PublicGame>;

export const PublicGameResponse = z.object({ game: PublicGame }).meta({ id: 'PublicGameResponse' });
export type PublicGameResponse = z.infer<typeof PublicGameResponse>;

/** Any text (but NUL): an id that is not a game's public id answers 404 like an unknown one. */
export const PublicGameParams = z.strictObject({ gameId: text() });

/** Where players reach the server (PUBLIC_URL), for the hall display's QR code and the printed sheets. */
export const PublicAddressResponse = z
  .object({
    publicUrl: z
      .string()
      .nullable()
      .describe("PUBLIC_URL without a trailing slash; null when it is not set (use the page's own origin)"),
  })
  .meta({ id: 'PublicAddressResponse' });
export type PublicAddressResponse = z.infer<typeof PublicAddressResponse>;

const agent = ['agent'] as const;
const agentOrAdmin = ['agent', 'admin'] as const;

export const gameRoutes = {
  createGame: defineRoute({
    method: 'POST',
    path: '/api/games',
    summary:
      'Create a game from assigned cartelas; a virtual-coin agent pays its coins (Idempotency-Key header)',
    access: agent,
    body: CreateGameRequest,
    response: CreateGameResponse,
    status: 201,
  }),
  myGames: defineRoute({
    method: 'GET',
    path: '/api/games/my-games',
    summary: "The signed-in agent's games, newest first (10 per page)",
    access: agent,
    query: MyGamesQuery,
    response: GamesPage,
  }),
  allGames: defineRoute({
    method: 'GET',
    path: '/api/games/all',
    summary: 'Every game, newest first (20 per page)',
    access: ['admin'],
    query: AllGamesQuery,
    response: GamesPage,
  }),
  getGame: defineRoute({
    method: 'GET',
    path: '/api/games/:id',
    summary: 'One game with its whole story (by _id or gameId); its agent or the admin',
    access: agentOrAdmin,
    params: GameParams,
    response: GameResponse,
  }),
  roomState: defineRoute({
    method: 'GET',
    path: '/api/games/:id/state',
    summary: "The game room's state (the draw order without the seed); the game's own agent",
    access: agent,
    params: GameParams,
    response: RoomStateResponse,
  }),
  gameCartelas: defineRoute({
    method: 'GET',
    path: '/api/games/:id/cartelas',
    summary: "The game's cartelas and their cards",
    access: agentOrAdmin,
    params: GameParams,
    response: GameCartelasResponse,
  }),
  gameCartela: defineRoute({
    method: 'GET',
    path: '/api/games/:id/cartela/:n',
    summary: "One of the game's cartelas (the winner's card)",
    access: agentOrAdmin,
    params: GameCartelaParams,
    response: GameCartelaResponse,
  }),
  callNumber: defineRoute({
    method: 'POST',
    path: '/api/games/:id/call-number',
    summary: 'Call the next ball',
    access: agent,
    params: GameParams,
    body: CallNumberRequest,
    response: CallNumberResponse,
  }),
  pause: defineRoute({
    method: 'POST',
    path: '/api/games/:id/pause',
    summary: 'Pause the game',
    access: agent,
    params: GameParams,
    response: GameActionResponse,
  }),
  resume: defineRoute({
    method: 'POST',
    path: '/api/games/:id/resume',
    summary: 'Resume a paused game',
    access: agent,
    params: GameParams,
    response: GameActionResponse,
  }),
  shuffle: defineRoute({
    method: 'POST',
    path: '/api/games/:id/shuffle-numbers',
    summary:
      "Shuffle: the hall's moment (recorded in the story); the order committed at creation does not change",
    access: agent,
    params: GameParams,
    response: GameActionResponse,
  }),
  finish: defineRoute({
    method: 'POST',
    path: '/api/games/:id/finish',
    summary: 'Finish the game (reveals the seed)',
    access: agent,
    params: GameParams,
    response: GameActionResponse,
  }),
  cancel: defineRoute({
    method: 'POST',
    path: '/api/games/:id/cancel',
    summary:
      'Cancel the game, with an optional reason (refunds its coins if no ball was called; reveals the seed)',
    access: agent,
    params: GameParams,
    body: CancelGameRequest,
    response: GameActionResponse,
  }),
  validateWinner: defineRoute({
    method: 'POST',
    path: '/api/games/:id/validate-winner',
    summary: 'Check a claimed cartela by the claim rule and record GOOD BINGO or a block',
    access: agent,
    params: GameParams,
    body: ValidateWinnerRequest,
    response: ValidateWinnerResponse,
  }),
  events: defineRoute({
    method: 'POST',
    path: '/api/games/:id/events',
    summary: "Apply a batch of the room's numbered actions (idempotent; refuses gaps and contradictions)",
    access: agent,
    params: GameParams,
    body: GameEventsRequest,
    response: GameEventsResponse,
  }),
  publicGame: defineRoute({
    method: 'GET',
    path: '/api/public/games/:gameId',
    summary:
      'A game as anyone may check it, by its public id: no sign-in; the seed only once it is over (rate limited, cached)',
    access: 'public',
    params: PublicGameParams,
    response: PublicGameResponse,
  }),
  publicAddress: defineRoute({
    method: 'GET',
    path: '/api/public/address',
    summary: 'The address players reach the server by (PUBLIC_URL), for the QR code and the printed sheets',
    access: 'public',
    response: PublicAddressResponse,
  }),
};
