// Winning patterns as 25-bit cell masks (bit = row * 5 + col; the free centre is bit 12 and always marked).
// The exact cells are in product/draw.md#winning-patterns and docs/decisions/011-pattern-cells-and-claims.md.
import { CARD_SIZE, type Card, CENTRE, validateCard } from './cartela.js';
import { CoreError } from './errors.js';
import { PATTERN_IDS, type PatternId } from './pattern-ids.js';

export { PATTERN_IDS, type PatternId } from './pattern-ids.js';

/** Older ids the offline checks accepted, and the canonical id each stands for. */
export const PATTERN_ALIASES: Readonly<Record<string, PatternId>> = {
  line: 'any-one-line',
  fullhouse: 'full-house',
  corners: 'four-corners',
};

/** The bit of a cell in a card mask. */
export const cellBit = (row: number, col: number): number => 1 << (row * CARD_SIZE + col);
export const FREE_BIT = cellBit(CENTRE, CENTRE);
export const FULL_MASK = (1 << (CARD_SIZE * CARD_SIZE)) - 1;

const maskOf = (cells: readonly (readonly [number, number])[]): number =>
  cells.reduce((m, [r, c]) => m | cellBit(r, c), 0);
const range5 = [0, 1, 2, 3, 4] as const;
export const ROW_MASKS: readonly number[] = range5.map((r) => maskOf(range5.map((c) => [r, c] as const)));
export const COLUMN_MASKS: readonly number[] = range5.map((c) => maskOf(range5.map((r) => [r, c] as const)));
export const DIAGONAL_MASKS: readonly number[] = [
  maskOf(range5.map((i) => [i, i] as const)),
  maskOf(range5.map((i) => [i, 4 - i] as const)),
];
/** The twelve lines: rows 0-4, columns 0-4 (B..O), the main diagonal, then the anti-diagonal. */
export const LINE_MASKS: readonly number[] = [...ROW_MASKS, ...COLUMN_MASKS, ...DIAGONAL_MASKS];

const [R0, , R2, , R4] = ROW_MASKS as [number, number, number, number, number];
const [C0, , C2, , C4] = COLUMN_MASKS as [number, number, number, number, number];
const [D1, D2] = DIAGONAL_MASKS as [number, number];

/** How a pattern is matched: every cell of one mask, `need` distinct lines out of a list, or the agent decides. */
export type PatternRule =
  | { kind: 'cells'; mask: number }
  | { kind: 'lines'; lines: readonly number[]; need: 1 | 2 }
  | { kind: 'manual' };

export interface PatternInfo {
  id: PatternId;
  /** English name for the wizard's dropdown (the web app translates by id). */
  name: string;
  description: string;
  rule: PatternRule;
}

const cells = (mask: number): PatternRule => ({ kind: 'cells', mask });
const lines = (list: readonly number[], need: 1 | 2): PatternRule => ({ kind: 'lines', lines: list, need });

const DEFINITIONS: Record<PatternId, Omit<PatternInfo, 'id'>> = {
  'agents-own': {
    name: "Agent's Own",
    description: 'The agent decides the winner; no automatic check',
    rule: { kind: 'manual' },
  },
  'four-corners': {
    name: 'Four Corners',
    description: 'The four corner cells',
    rule: cells(
      maskOf([
        [0, 0],
        [0, 4],
        [4, 0],
        [4, 4],
      ]),
    ),
  },
  'full-house': { name: 'Full House', description: 'Every cell of the card', rule: cells(FULL_MASK) },
  'x-pattern': { name: 'X Pattern', description: 'Both diagonals', rule: cells(D1 | D2) },
  't-pattern': { name: 'T Pattern', description: 'Top row plus the middle column', rule: cells(R0 | C2) },
  'l-pattern': { name: 'L Pattern', description: 'Top row plus the left column (B)', rule: cells(R0 | C0) },
  'u-pattern': {
    name: 'U Pattern',
    description: 'Both side columns (B and O) plus the bottom row',
    rule: cells(C0 | C4 | R4),
  },
  diamond: {
    name: 'Diamond',
    description: 'The four cells around the free centre',
    rule: cells(
      maskOf([
        [1, 2],
        [2, 1],
        [2, 3],
        [3, 2],
      ]),
    ),
  },
  'any-one-line': {
    name: 'Any One Line',
    description: 'Any row, column or diagonal',
    rule: lines(LINE_MASKS, 1),
  },
  'any-two-lines': {
    name: 'Any Two Lines',
    description: 'Any two different rows, columns or diagonals',
    rule: lines(LINE_MASKS, 2),
  },
  'any-vertical': { name: 'Any Vertical Line', description: 'Any column', rule: lines(COLUMN_MASKS, 1) },
  'any-horizontal': { name: 'Any Horizontal Line', description: 'Any row', rule: lines(ROW_MASKS, 1) },
  'any-diagonal': { name: 'Any Diagonal', description: 'Either diagonal', rule: lines(DIAGONAL_MASKS, 1) },
  'reverse-t': { name: 'Reverse T', description: 'Bottom row plus the middle column', rule: cells(R4 | C2) },
  'reverse-l': { name: 'Reverse L', description: 'Top row plus the right column (O)', rule: cells(R0 | C4) },
  'half-above': { name: 'Top Half', description: 'The top three rows', rule: cells(R0 | ROW_MASKS[1]! | R2) },
  'half-below': {
    name: 'Bottom Half',
    description: 'The bottom three rows',
    rule: cells(R2 | ROW_MASKS[3]! | R4),
  },
  plus: { name: 'Plus', description: 'Middle row plus the middle column', rule: cells(R2 | C2) },
  'bno-three-vertical': {
    name: 'B, N and O Columns',
    description: 'The B, N and O columns',
    rule: cells(C0 | C2 | C4),
  },
};

/** Every pattern with its English name and description, in the order of the spec's table. */
export const PATTERNS: readonly PatternInfo[] = PATTERN_IDS.map((id) => ({ id, ...DEFINITIONS[id] }));

const BY_ID = new Map<string, PatternInfo>(PATTERNS.map((p) => [p.id, p]));

/** The canonical id for an id or alias (case and surrounding spaces ignored), or null when unknown. */
export function normalizePatternId(id: string): PatternId | null {
  if (typeof id !== 'string') return null;
  const key = id.trim().toLowerCase();
  if (BY_ID.has(key)) return key as PatternId;
  return Object.hasOwn(PATTERN_ALIASES, key) ? PATTERN_ALIASES[key]! : null;
}

/** The pattern for an id or alias; throws CoreError UNKNOWN_PATTERN otherwise. */
export function getPattern(id: string): PatternInfo {
  const canonical = normalizePatternId(id);
  if (!canonical) throw new CoreError('UNKNOWN_PATTERN', `Unknown winning pattern: ${String(id)}`);
  return BY_ID.get(canonical)!;
}

/** The cells of a mask as [row, col] pairs, row by row. */
export function maskCells(mask: number): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < CARD_SIZE * CARD_SIZE; i++) if (mask & (1 << i)) out.push([Math.floor(i / 5), i % 5]);
  return out;
}

export function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

function calledFlags(calledNumbers: Iterable<number>): Uint8Array {
  const flags = new Uint8Array(76);
  for (const n of calledNumbers) if (Number.isInteger(n) && n >= 1 && n <= 75) flags[n] = 1;
  return flags;
}

function markedFromFlags(card: Card, flags: Uint8Array): number {
  let m = FREE_BIT;
  for (let r = 0; r < CARD_SIZE; r++) {
    const row = card[r];
    for (let c = 0; c < CARD_SIZE; c++) {
      const v = row?.[c];
      if (typeof v === 'number' && v >= 1 && v <= 75 && flags[v]) m |= cellBit(r, c);
    }
  }
  return m;
}

/** The mask of a card's cells that are marked: the free centre plus every cell whose number has been called. */
export function markedMask(card: Card, calledNumbers: Iterable<number>): number {
  return markedFromFlags(card, calledFlags(calledNumbers));
}

/** The mask of the cells of a card holding `n` (0 when the number is not on the card). */
export function cellsOf(card: Card, n: number): number {
  let m = 0;
  for (let r = 0; r < CARD_SIZE; r++)
    for (let c = 0; c < CARD_SIZE; c++) if (card[r]?.[c] === n) m |= cellBit(r, c);
  return n >= 1 ? m : 0;
}

/** Whether a marked mask satisfies a rule (a manual rule is never satisfied automatically). */
export function ruleSatisfied(rule: PatternRule, marked: number): boolean {
  if (rule.kind === 'cells') return (marked & rule.mask) === rule.mask;
  if (rule.kind === 'manual') return false;
  let found = 0;
  for (const line of rule.lines) {
    if ((marked & line) === line && ++found >= rule.need) return true;
  }
  return false;
}

/** The union of the cells that make the rule complete (0 when it is not complete). */
function completedCells(rule: PatternRule, marked: number): number {
  if (rule.kind === 'manual' || !ruleSatisfied(rule, marked)) return 0;
  if (rule.kind === 'cells') return rule.mask;
  let union = 0;
  for (const line of rule.lines) if ((marked & line) === line) union |= line;
  return union;
}

/**
 * True when the card shows the pattern with these numbers called (the free centre counts as called).
 * Does not apply the last-ball rule: see checkClaim. Always false for agents-own, which has no automatic check.
 */
export function isPatternComplete(card: Card, patternId: string, calledNumbers: Iterable<number>): boolean {
  return ruleSatisfied(getPattern(patternId).rule, markedMask(card, calledNumbers));
}

export interface PatternProgress {
  /** Cells of the nearest candidate that are marked (the free centre included when it is part of it). */
  done: number;
  /** Cells the nearest candidate has. */
  needed: number;
  complete: boolean;
  /** True for agents-own: no automatic progress (done and needed are 0). */
  manual: boolean;
  /** The nearest candidate's cells as [row, col], to highlight on the card. */
  cells: [number, number][];
}

/**
 * How far a card is from the pattern, for the validation modal: for a fixed shape its cells; for line patterns
 * the candidate line (or pair of lines) with the fewest cells still missing.
 */
export function patternProgress(
  card: Card,
  patternId: string,
  calledNumbers: Iterable<number>,
): PatternProgress {
  const { rule } = getPattern(patternId);
  const marked = markedMask(card, calledNumbers);
  return progressOf(rule, marked);
}

function progressOf(rule: PatternRule, marked: number): PatternProgress {
  if (rule.kind === 'manual') return { done: 0, needed: 0, complete: false, manual: true, cells: [] };
  let best: number;
  if (rule.kind === 'cells') best = rule.mask;
  else {
    const candidates: number[] = [];
    if (rule.need === 1) candidates.push(...rule.lines);
    else {
      for (let i = 0; i < rule.lines.length; i++) {
        for (let j = i + 1; j < rule.lines.length; j++) candidates.push(rule.lines[i]! | rule.lines[j]!);
      }
    }
    best = candidates[0]!;
    let bestMissing = popcount(best & ~marked);
    for (const m of candidates) {
      const missing = popcount(m & ~marked);
      if (missing < bestMissing) {
        best = m;
        bestMissing = missing;
      }
    }
  }
  const needed = popcount(best);
  const done = popcount(best & marked);
  return { done, needed, complete: done === needed, manual: false, cells: maskCells(best) };
}

export type ClaimReason =
  | 'WINNER'
  | 'UNKNOWN_PATTERN'
  | 'INVALID_CARD'
  | 'NO_BALL_CALLED'
  | 'BLOCKED'
  | 'MANUAL'
  | 'PATTERN_INCOMPLETE'
  | 'LATE_CLAIM';

export const CLAIM_MESSAGES: Readonly<Record<ClaimReason, string>> = {
  WINNER: 'Good bingo: the last ball completed the pattern on the card',
  UNKNOWN_PATTERN: 'Unknown winning pattern',
  INVALID_CARD: 'Cartela pattern not found',
  NO_BALL_CALLED: 'No ball has been called yet',
  BLOCKED: 'This cartela is blocked for the rest of the game',
  MANUAL: "Agent's own pattern: the agent decides",
  PATTERN_INCOMPLETE: 'The pattern is not complete',
  LATE_CLAIM: 'Late claim: the pattern was completed by an earlier ball, not by the last one',
};

export interface ClaimInput {
  card: Card;
  patternId: string;
  /** Every ball called so far, in call order: the last one is the last ball. */
  calledNumbers: readonly number[];
  /** True when this cartela was blocked earlier in the game. */
  blocked?: boolean;
}

export interface ClaimResult {
  winner: boolean;
  reason: ClaimReason;
  message: string;
  /** The canonical pattern id (null when unknown). */
  patternId: PatternId | null;
  /** agents-own: no automatic verdict, the agent decides. */
  manual: boolean;
  patternComplete: boolean;
  lastBall: number | null;
  lastBallOnCard: boolean;
  /**
   * The last ball is in a cell of what it completed: the pattern, or a complete line of a choice pattern. The
   * rule: a claim wins only then (product/draw.md#the-claim-rule).
   */
  lastBallInPattern: boolean;
  /**
   * The latest call that completed the pattern on this card (the ball in a cell of what it completed), or null
   * when none did: the current call for a winner, an earlier one for a late claim ("completed on ball 20,
   * claimed on ball 21"). Null for agents-own.
   */
  completedOn: { ball: number; callCount: number } | null;
  progress: PatternProgress | null;
}

/**
 * The latest call of `calledNumbers` whose ball completed the rule on the card: with that call the rule was
 * satisfied and the ball lay in a cell of what it satisfied (the pattern, or a complete line of a choice).
 */
function latestCompletion(
  card: Card,
  rule: PatternRule,
  calledNumbers: readonly number[],
): { ball: number; callCount: number } | null {
  if (rule.kind === 'manual') return null;
  let marked = FREE_BIT;
  let latest: { ball: number; callCount: number } | null = null;
  for (let k = 0; k < calledNumbers.length; k++) {
    const ball = calledNumbers[k]!;
    const cells = cellsOf(card, ball);
    if (cells === 0) continue;
    marked |= cells;
    if ((cells & completedCells(rule, marked)) !== 0) latest = { ball, callCount: k + 1 };
  }
  return latest;
}

/**
 * Judges a bingo claim. A card wins only if the chosen pattern is complete and the last called ball lies in a
 * cell of what it completed (the pattern, or a complete line of a choice pattern): players shout late, and a
 * claim counts only while the ball that completed it is the latest; the claim's ball is the one current when
 * the claim was raised (product/draw.md#the-claim-rule). Blocked cartelas cannot win. agents-own is never
 * decided here (reason MANUAL).
 */
export function checkClaim(input: ClaimInput): ClaimResult {
  const { card, calledNumbers } = input;
  const patternId = normalizePatternId(input.patternId);
  const lastBall = calledNumbers.length > 0 ? calledNumbers[calledNumbers.length - 1]! : null;
  const result = (
    reason: ClaimReason,
    extra: Partial<Omit<ClaimResult, 'reason' | 'message' | 'winner'>> = {},
  ): ClaimResult => ({
    winner: reason === 'WINNER',
    reason,
    message: CLAIM_MESSAGES[reason],
    patternId,
    manual: patternId === 'agents-own',
    patternComplete: false,
    lastBall,
    lastBallOnCard: false,
    lastBallInPattern: false,
    completedOn: null,
    progress: null,
    ...extra,
  });
  if (!patternId) return result('UNKNOWN_PATTERN');
  if (!validateCard(card).ok) return result('INVALID_CARD');
  const rule = BY_ID.get(patternId)!.rule;
  const marked = markedMask(card, calledNumbers);
  const progress = progressOf(rule, marked);
  const lastCells = lastBall === null ? 0 : cellsOf(card, lastBall);
  const facts = {
    progress,
    patternComplete: ruleSatisfied(rule, marked),
    lastBallOnCard: lastCells !== 0,
    lastBallInPattern: (lastCells & completedCells(rule, marked)) !== 0,
    completedOn: latestCompletion(card, rule, calledNumbers),
  };
  if (lastBall === null) return result('NO_BALL_CALLED', facts);
  if (input.blocked) return result('BLOCKED', facts);
  if (rule.kind === 'manual') return result('MANUAL', facts);
  if (!facts.patternComplete) return result('PATTERN_INCOMPLETE', facts);
  if (!facts.lastBallInPattern) return result('LATE_CLAIM', facts);
  return result('WINNER', facts);
}
