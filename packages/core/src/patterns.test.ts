import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateCartela } from './cartela.js';
import { CoreError } from './errors.js';
import {
  checkClaim,
  isPatternComplete,
  normalizePatternId,
  PATTERN_ALIASES,
  PATTERN_IDS,
  PATTERNS,
  type PatternId,
  patternProgress,
} from './patterns.js';
import { seededRandomSource } from './random.js';
import { bytesToHex } from './sha256.js';
import { CARD } from './testing/cards.js';

type Cell = [number, number];
const row = (r: number): Cell[] => [0, 1, 2, 3, 4].map((c) => [r, c]);
const col = (c: number): Cell[] => [0, 1, 2, 3, 4].map((r) => [r, c]);
const diag: Cell[] = [0, 1, 2, 3, 4].map((i) => [i, i]);
const anti: Cell[] = [0, 1, 2, 3, 4].map((i) => [i, 4 - i]);
const all: Cell[] = [0, 1, 2, 3, 4].flatMap(row);
const union = (...groups: Cell[][]): Cell[] => {
  const seen = new Map<string, Cell>();
  for (const g of groups) for (const cell of g) seen.set(cell.join(','), cell);
  return [...seen.values()];
};
/** The numbers to call to mark these cells (the free centre needs none). */
const numbersAt = (cells: Cell[]): number[] => cells.map(([r, c]) => CARD[r]![c]!).filter((n) => n !== 0);
const isFree = ([r, c]: Cell) => r === 2 && c === 2;

// The exact cells of product/draw.md#winning-patterns, written out independently of the implementation's masks.
const FIXED: Record<string, Cell[]> = {
  'four-corners': [
    [0, 0],
    [0, 4],
    [4, 0],
    [4, 4],
  ],
  'full-house': all,
  'x-pattern': union(diag, anti),
  't-pattern': union(row(0), col(2)),
  'reverse-t': union(row(4), col(2)),
  'l-pattern': union(row(0), col(0)),
  'reverse-l': union(row(0), col(4)),
  'u-pattern': union(col(0), col(4), row(4)),
  diamond: [
    [1, 2],
    [2, 1],
    [2, 3],
    [3, 2],
  ],
  plus: union(row(2), col(2)),
  'half-above': union(row(0), row(1), row(2)),
  'half-below': union(row(2), row(3), row(4)),
  'bno-three-vertical': union(col(0), col(2), col(4)),
};
const ROWS = [0, 1, 2, 3, 4].map(row);
const COLS = [0, 1, 2, 3, 4].map(col);
const LINES: Record<string, Cell[][]> = {
  'any-horizontal': ROWS,
  'any-vertical': COLS,
  'any-diagonal': [diag, anti],
  'any-one-line': [...ROWS, ...COLS, diag, anti],
};

/**
 * The claim rule written from product/draw.md alone, apart from core's masks: the pattern's possible shapes (the
 * fixed cells, or each line, or each pair of lines), and a shape is completed by call k when all its cells are
 * marked after call k and one of them holds call k's ball (so it was not complete before).
 */
function shapesOf(patternId: string): Cell[][] {
  if (FIXED[patternId]) return [FIXED[patternId]!];
  if (LINES[patternId]) return LINES[patternId]!;
  const lines = LINES['any-one-line']!;
  const pairs: Cell[][] = [];
  for (let i = 0; i < lines.length; i++)
    for (let j = i + 1; j < lines.length; j++) pairs.push(union(lines[i]!, lines[j]!));
  return pairs;
}

function completedBy(card: number[][], patternId: string, called: readonly number[], k: number): boolean {
  const marked = new Set(called.slice(0, k));
  const ball = called[k - 1]!;
  const isMarked = ([r, c]: Cell) => isFree([r, c]) || marked.has(card[r]![c]!);
  return shapesOf(patternId).some(
    (shape) => shape.every(isMarked) && shape.some(([r, c]) => card[r]![c] === ball),
  );
}

describe('pattern catalogue', () => {
  it('has the 19 ids of the spec, each with an English name and description', () => {
    expect(PATTERN_IDS).toHaveLength(19);
    expect(new Set(PATTERN_IDS).size).toBe(19);
    expect(PATTERNS.map((p) => p.id)).toEqual([...PATTERN_IDS]);
    for (const p of PATTERNS) {
      expect(p.name.length).toBeGreaterThan(2);
      expect(p.description.length).toBeGreaterThan(5);
    }
    const covered = new Set([...Object.keys(FIXED), ...Object.keys(LINES), 'any-two-lines', 'agents-own']);
    expect([...covered].sort()).toEqual([...PATTERN_IDS].sort());
  });

  it('accepts the aliases line, fullhouse and corners', () => {
    expect(PATTERN_ALIASES).toEqual({
      line: 'any-one-line',
      fullhouse: 'full-house',
      corners: 'four-corners',
    });
    expect(normalizePatternId('line')).toBe('any-one-line');
    expect(normalizePatternId('fullhouse')).toBe('full-house');
    expect(normalizePatternId('corners')).toBe('four-corners');
    expect(normalizePatternId(' Full-House ')).toBe('full-house');
    expect(normalizePatternId('five-corners')).toBeNull();
    expect(normalizePatternId('constructor')).toBeNull();
  });

  it('judges an alias exactly like its pattern', () => {
    const corners = numbersAt(FIXED['four-corners']!);
    expect(isPatternComplete(CARD, 'corners', corners)).toBe(true);
    expect(isPatternComplete(CARD, 'fullhouse', numbersAt(all))).toBe(true);
    expect(isPatternComplete(CARD, 'fullhouse', corners)).toBe(false);
    expect(isPatternComplete(CARD, 'line', [1, 2, 3, 4, 5])).toBe(true);
    expect(checkClaim({ card: CARD, patternId: 'corners', calledNumbers: corners })).toMatchObject({
      winner: true,
      patternId: 'four-corners',
    });
  });

  it('throws a typed error for an unknown pattern', () => {
    expect(() => isPatternComplete(CARD, 'nope', [])).toThrow(CoreError);
  });
});

describe.each(Object.entries(FIXED))('%s', (id, cells) => {
  it('is complete when exactly its cells are called', () => {
    expect(isPatternComplete(CARD, id, numbersAt(cells))).toBe(true);
    expect(patternProgress(CARD, id, numbersAt(cells))).toMatchObject({
      done: cells.length,
      needed: cells.length,
      complete: true,
    });
  });

  it('is not complete one cell short, whichever cell is missing', () => {
    for (const missing of cells.filter((c) => !isFree(c))) {
      const called = numbersAt(cells.filter((c) => c !== missing));
      expect(isPatternComplete(CARD, id, called), `missing ${missing}`).toBe(false);
      expect(patternProgress(CARD, id, called)).toMatchObject({
        done: cells.length - 1,
        needed: cells.length,
      });
    }
  });

  it('reports the cells to highlight', () => {
    const expected = [...cells].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    expect(patternProgress(CARD, id, []).cells).toEqual(expected);
  });
});

describe.each(Object.entries(LINES))('%s', (id, lines) => {
  it('is complete with any one of its lines', () => {
    for (const line of lines) expect(isPatternComplete(CARD, id, numbersAt(line)), `${line}`).toBe(true);
  });

  it('is not complete with a line one cell short', () => {
    for (const line of lines) {
      for (const missing of line.filter((c) => !isFree(c))) {
        expect(isPatternComplete(CARD, id, numbersAt(line.filter((c) => c !== missing)))).toBe(false);
      }
    }
  });

  it('shows the progress of the nearest line', () => {
    const line = lines[lines.length - 1]!;
    const called = numbersAt(line).slice(0, -1);
    expect(patternProgress(CARD, id, called)).toMatchObject({ done: 4, needed: 5, complete: false });
  });
});

describe('any-horizontal, any-vertical and any-diagonal do not accept each other', () => {
  it('a column is not a horizontal line and a row is not a vertical or diagonal line', () => {
    expect(isPatternComplete(CARD, 'any-horizontal', numbersAt(col(0)))).toBe(false);
    expect(isPatternComplete(CARD, 'any-vertical', numbersAt(row(0)))).toBe(false);
    expect(isPatternComplete(CARD, 'any-diagonal', numbersAt(row(2)))).toBe(false);
  });
});

describe('any-two-lines', () => {
  it('needs two different lines', () => {
    expect(isPatternComplete(CARD, 'any-two-lines', numbersAt(union(row(0), row(4))))).toBe(true);
    expect(isPatternComplete(CARD, 'any-two-lines', numbersAt(union(col(1), diag)))).toBe(true);
    // Row 2 and column 2 share the free centre: still two lines.
    expect(isPatternComplete(CARD, 'any-two-lines', numbersAt(union(row(2), col(2))))).toBe(true);
    expect(isPatternComplete(CARD, 'any-two-lines', numbersAt(row(0)))).toBe(false);
  });

  it('is not complete one cell short of the second line', () => {
    const second = row(4).slice(0, 4);
    const called = numbersAt(union(row(0), second));
    expect(isPatternComplete(CARD, 'any-two-lines', called)).toBe(false);
    expect(patternProgress(CARD, 'any-two-lines', called)).toMatchObject({ done: 9, needed: 10 });
  });
});

describe('agents-own', () => {
  it('is never complete automatically and shows no progress', () => {
    expect(isPatternComplete(CARD, 'agents-own', numbersAt(all))).toBe(false);
    expect(patternProgress(CARD, 'agents-own', numbersAt(all))).toMatchObject({
      manual: true,
      done: 0,
      needed: 0,
    });
  });

  it('leaves the claim to the agent', () => {
    const claim = checkClaim({ card: CARD, patternId: 'agents-own', calledNumbers: [1] });
    expect(claim).toMatchObject({ winner: false, reason: 'MANUAL', manual: true, lastBallOnCard: true });
  });
});

describe('checkClaim: the last-ball rule', () => {
  const corners = numbersAt(FIXED['four-corners']!); // 1, 61, 5, 65

  it('accepts a claim when the last ball completes the pattern', () => {
    expect(
      checkClaim({ card: CARD, patternId: 'four-corners', calledNumbers: [70, ...corners] }),
    ).toMatchObject({
      winner: true,
      reason: 'WINNER',
      lastBall: 65,
      lastBallOnCard: true,
      lastBallInPattern: true,
      patternComplete: true,
    });
  });

  it('refuses a late claim: the pattern was complete but the last ball is not on the card', () => {
    const claim = checkClaim({ card: CARD, patternId: 'four-corners', calledNumbers: [...corners, 70] });
    expect(claim).toMatchObject({
      winner: false,
      reason: 'LATE_CLAIM',
      patternComplete: true,
      lastBallOnCard: false,
    });
    expect(claim.message).toMatch(/late claim/i);
  });

  it('refuses a last ball on the card outside the pattern: the card completed on an earlier ball', () => {
    const claim = checkClaim({ card: CARD, patternId: 'four-corners', calledNumbers: [...corners, 17] });
    expect(claim).toMatchObject({
      winner: false,
      reason: 'LATE_CLAIM',
      lastBallOnCard: true,
      lastBallInPattern: false,
      completedOn: { ball: corners.at(-1), callCount: 4 },
    });
  });

  it('says on which call a winner completed: the current one', () => {
    const claim = checkClaim({ card: CARD, patternId: 'four-corners', calledNumbers: [70, ...corners] });
    expect(claim.completedOn).toEqual({ ball: corners.at(-1), callCount: 5 });
  });

  it('accepts a choice pattern completed again by the last ball on another line', () => {
    // Row 0 completes first (a late claim after it), then column 0 with the last ball: a new line, a win.
    const row0 = numbersAt(row(0));
    const col0 = numbersAt(col(0)).filter((n) => !row0.includes(n));
    const late = checkClaim({ card: CARD, patternId: 'any-one-line', calledNumbers: [...row0, 70] });
    expect(late.reason).toBe('LATE_CLAIM');
    const again = checkClaim({
      card: CARD,
      patternId: 'any-one-line',
      calledNumbers: [...row0, 70, ...col0],
    });
    expect(again).toMatchObject({ winner: true, completedOn: { ball: col0.at(-1) } });
  });

  it('refuses when no ball has been called', () => {
    expect(checkClaim({ card: CARD, patternId: 'four-corners', calledNumbers: [] })).toMatchObject({
      winner: false,
      reason: 'NO_BALL_CALLED',
      message: 'No ball has been called yet',
      lastBall: null,
    });
  });

  it('refuses a blocked cartela even with a complete pattern', () => {
    expect(
      checkClaim({ card: CARD, patternId: 'four-corners', calledNumbers: corners, blocked: true }),
    ).toMatchObject({ winner: false, reason: 'BLOCKED', patternComplete: true });
  });

  it('refuses an incomplete pattern', () => {
    expect(
      checkClaim({ card: CARD, patternId: 'four-corners', calledNumbers: corners.slice(0, 3) }),
    ).toMatchObject({ winner: false, reason: 'PATTERN_INCOMPLETE', progress: { done: 3, needed: 4 } });
  });

  it('counts the free centre as called', () => {
    const claim = checkClaim({ card: CARD, patternId: 'diamond', calledNumbers: [32, 18, 48, 34] });
    expect(claim.winner).toBe(true);
    expect(
      checkClaim({ card: CARD, patternId: 'plus', calledNumbers: numbersAt(union(row(2), col(2))) }).winner,
    ).toBe(true);
  });

  it('reports an unknown pattern and an invalid card instead of throwing', () => {
    expect(checkClaim({ card: CARD, patternId: 'zigzag', calledNumbers: [1] }).reason).toBe(
      'UNKNOWN_PATTERN',
    );
    const broken = CARD.map((r) => [...r]);
    broken[0]![0] = 99;
    expect(checkClaim({ card: broken, patternId: 'full-house', calledNumbers: [1] }).reason).toBe(
      'INVALID_CARD',
    );
  });

  it('late claims lose, honest claims never do: a win exactly when the last ball completed what it lies in', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PATTERN_IDS.filter((p) => p !== 'agents-own')),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.shuffledSubarray(
          Array.from({ length: 75 }, (_, i) => i + 1),
          { minLength: 1 },
        ),
        (patternId: PatternId, seed, called) => {
          const card = generateCartela(seededRandomSource(bytesToHex(seed)));
          const claim = checkClaim({ card, patternId, calledNumbers: called });
          const complete = isPatternComplete(card, patternId, called);
          expect(claim.winner).toBe(completedBy(card, patternId, called, called.length));
          const latest = [...called.keys()]
            .reverse()
            .find((k) => completedBy(card, patternId, called, k + 1));
          expect(claim.completedOn?.callCount ?? null).toBe(latest === undefined ? null : latest + 1);
          expect(claim.patternComplete).toBe(complete);
          const progress = patternProgress(card, patternId, called);
          expect(progress.complete).toBe(complete);
          expect(progress.done).toBeLessThanOrEqual(progress.needed);
        },
      ),
      { numRuns: 500 },
    );
  });
});
