// Card balance: the balance score of a card, balanced generation of a whole set, rebalancing, and the figures
// of the admin's balance manager.
import { BINGO_LETTERS, CARTELA_MAX, COLUMN_RANGES, COLUMN_SIZE } from './bingo.js';
import {
  CARD_SIZE,
  type Card,
  CENTRE,
  cardFromColumns,
  cardKey,
  cloneCard,
  FREE,
  generateCartela,
} from './cartela.js';
import { CoreError } from './errors.js';
import { normalizePatternId } from './patterns.js';
import { defaultRandom, type RandomSource, randomBelow, shuffleInPlace } from './random.js';

const SPAN = COLUMN_SIZE - 1;

/**
 * A card's balance score, 0-1: the mean position of its 24 numbers within their column ranges (0 = the lowest
 * number of the column, 1 = the highest). A fair card sits near 0.5. Out-of-range cells are clamped.
 */
export function balanceScore(card: Card): number {
  let sum = 0;
  for (let r = 0; r < CARD_SIZE; r++) {
    for (let c = 0; c < CARD_SIZE; c++) {
      if (r === CENTRE && c === CENTRE) continue;
      const v = card[r]?.[c];
      const p = typeof v === 'number' && Number.isFinite(v) ? (v - COLUMN_RANGES[c]!.min) / SPAN : 0;
      sum += Math.min(1, Math.max(0, p));
    }
  }
  return sum / (CARD_SIZE * CARD_SIZE - 1);
}

/** How many numbers of a column a card holds: 5, or 4 in the N column (the free centre). */
const perCard = (col: number): number => (col === CENTRE ? CARD_SIZE - 1 : CARD_SIZE);

/**
 * One column for `count` cards: each card gets `k` distinct numbers of the column and every number is used
 * floor(k * count / 15) or one more times. A shuffled multiset is dealt in groups of k, then a repeated number
 * in a group is swapped with a random compatible number of another group.
 */
function balancedColumn(col: number, count: number, random: RandomSource): number[][] {
  const k = perCard(col);
  const { min } = COLUMN_RANGES[col]!;
  const slots = k * count;
  const base = Math.floor(slots / COLUMN_SIZE);
  const extra = shuffleInPlace(
    Array.from({ length: COLUMN_SIZE }, (_, i) => i),
    random,
  ).slice(0, slots % COLUMN_SIZE);
  const pool: number[] = [];
  for (let i = 0; i < COLUMN_SIZE; i++) {
    const times = base + (extra.includes(i) ? 1 : 0);
    for (let t = 0; t < times; t++) pool.push(min + i);
  }
  shuffleInPlace(pool, random);
  const groups = Array.from({ length: count }, (_, g) => pool.slice(g * k, g * k + k));
  for (let g = 0; g < count; g++) {
    const group = groups[g]!;
    for (let p = 0; p < k; p++) {
      const x = group[p]!;
      if (group.indexOf(x) === p) continue; // first occurrence
      // Swap this repeat with a number y of another group h such that both groups stay distinct.
      for (let attempt = 0; ; attempt++) {
        if (attempt > 100_000) throw new CoreError('GENERATION_FAILED', 'Could not balance a column');
        const h = randomBelow(random, count);
        if (h === g) continue;
        const other = groups[h]!;
        const q = randomBelow(random, k);
        const y = other[q]!;
        if (group.includes(y) || other.includes(x)) continue;
        group[p] = y;
        other[q] = x;
        break;
      }
    }
  }
  for (const group of groups) group.sort((a, b) => a - b);
  return groups;
}

/**
 * A balanced set of `count` (0-300) cards: in each column every number appears as evenly as possible (for 300
 * cards: B, I, G, O numbers on 100 cards each and N numbers on 80), and no two cards are alike.
 */
export function generateBalancedSet(count: number, options: { random?: RandomSource } = {}): Card[] {
  if (!Number.isInteger(count) || count < 0 || count > CARTELA_MAX) {
    throw new CoreError('INVALID_COUNT', `A balanced set has 0-${CARTELA_MAX} cards`);
  }
  const random = options.random ?? defaultRandom();
  for (let attempt = 0; attempt < 100; attempt++) {
    const columns = BINGO_LETTERS.map((_, c) => balancedColumn(c, count, random));
    const cards = Array.from({ length: count }, (_, i) =>
      cardFromColumns(
        columns.map((col, c) => {
          const nums = col[i]!;
          return c === CENTRE ? [nums[0]!, nums[1]!, FREE, nums[2]!, nums[3]!] : nums;
        }),
      ),
    );
    // Two identical cards among 300 has a probability near 1e-12; draw again if it ever happens.
    if (new Set(cards.map(cardKey)).size === count) return cards;
  }
  throw new CoreError('GENERATION_FAILED', 'Could not generate distinct cards');
}

export interface RebalanceOptions {
  /** The wanted balance score, 0-1 (default 0.5). */
  targetBalance?: number;
  /** Accepted distance from the target (default 0.1). */
  tolerance?: number;
  random?: RandomSource;
}

/**
 * Random replacements a climb may try in a row without coming nearer before it stops: near the lowest or highest
 * score a card can have (about 0.14 and 0.86) nothing comes nearer, and without this stop an out-of-reach target
 * cost 5,000 tries per climb, 20 climbs per card: a rebalance to 0 held the server's thread for 16 s.
 */
const NUDGE_STALL = 400;

/** Replaces one number of a card to move its score toward the target, until within tolerance (hill climbing). */
function nudge(card: Card, target: number, tolerance: number, random: RandomSource): Card {
  const out = cloneCard(card);
  let distance = Math.abs(balanceScore(out) - target);
  for (let step = 0, stalled = 0; step < 5000 && distance > tolerance && stalled < NUDGE_STALL; step++) {
    stalled++;
    const c = randomBelow(random, CARD_SIZE);
    let r = randomBelow(random, CARD_SIZE);
    if (c === CENTRE && r === CENTRE) r = 0;
    const v = COLUMN_RANGES[c]!.min + randomBelow(random, COLUMN_SIZE);
    if (out.some((row) => row[c] === v)) continue;
    const before = out[r]![c]!;
    out[r]![c] = v;
    const d = Math.abs(balanceScore(out) - target);
    if (d < distance) {
      distance = d;
      stalled = 0;
    } else out[r]![c] = before;
  }
  // Keep columns sorted top to bottom like every generated card.
  for (let c = 0; c < CARD_SIZE; c++) {
    const rows = c === CENTRE ? [0, 1, 3, 4] : [0, 1, 2, 3, 4];
    const sorted = rows.map((r) => out[r]![c]!).sort((a, b) => a - b);
    rows.forEach((r, i) => {
      out[r]![c] = sorted[i]!;
    });
  }
  return out;
}

/**
 * Regenerates every card whose balance score lies outside targetBalance +/- tolerance, keeping its cartela
 * number, so that the new card is within the band (or as near as a card can be) and unlike every other card.
 */
export function rebalanceCards<T extends { cartelaNumber: number; card: Card }>(
  cards: readonly T[],
  options: RebalanceOptions = {},
): { cards: T[]; regenerated: number[] } {
  const target = options.targetBalance ?? 0.5;
  const tolerance = options.tolerance ?? 0.1;
  if (!(target >= 0 && target <= 1) || !(tolerance > 0 && tolerance <= 1)) {
    throw new CoreError('INVALID_REBALANCE', 'targetBalance must be 0-1 and tolerance above 0');
  }
  const random = options.random ?? defaultRandom();
  const taken = new Set(cards.map((c) => cardKey(c.card)));
  const regenerated: number[] = [];
  const out = cards.map((entry) => {
    if (Math.abs(balanceScore(entry.card) - target) <= tolerance) return entry;
    const best: { card: Card | null; distance: number } = { card: null, distance: Number.POSITIVE_INFINITY };
    const consider = (card: Card) => {
      if (taken.has(cardKey(card))) return;
      const d = Math.abs(balanceScore(card) - target);
      if (d < best.distance) {
        best.card = card;
        best.distance = d;
      }
    };
    // Most targets are met by a fresh random card; far ones (say 0.2) by nudging the nearest card found.
    for (let attempt = 0; attempt < 20 && best.distance > tolerance; attempt++)
      consider(generateCartela(random));
    // Each climb starts from the nearest card yet; one that comes no nearer means the target is out of reach.
    for (let attempt = 0; attempt < 20 && best.distance > tolerance; attempt++) {
      const before = best.distance;
      consider(nudge(best.card ?? generateCartela(random), target, tolerance, random));
      if (best.distance >= before) break;
    }
    // An unreachable target (below about 0.14 or above 0.86) keeps the card unless a nearer one was found.
    if (!best.card || best.distance >= Math.abs(balanceScore(entry.card) - target)) return entry;
    taken.delete(cardKey(entry.card));
    taken.add(cardKey(best.card));
    regenerated.push(entry.cartelaNumber);
    return { ...entry, card: best.card };
  });
  return { cards: out, regenerated };
}

export interface BalanceStatsInput {
  cartelaNumber: number;
  card: Card;
  winningPatterns?: readonly string[];
}

export type RecommendationType = 'warning' | 'info' | 'success';
export type RecommendationAction = 'regenerate' | 'rebalance' | 'none';

export interface Recommendation {
  type: RecommendationType;
  /** Stable id, for a translated text. */
  code: string;
  /** English sentence. */
  message: string;
  /** What the balance manager offers to do about it. */
  action: RecommendationAction;
}

export interface BalanceStats {
  balanceStats: {
    totalCartelas: number;
    avgBalanceScore: number;
    minBalanceScore: number;
    maxBalanceScore: number;
    stdDevBalanceScore: number;
  };
  /** Five 0.2-wide buckets by lower bound (0, 0.2, 0.4, 0.6, 0.8; a score of 1 counts in the last). */
  balanceDistribution: { _id: number; count: number }[];
  /** Per pattern id (aliases folded), the cards that list it and their mean score; most common first. */
  patternStats: { _id: string; count: number; avgBalanceScore: number }[];
  /** Every number 1-75 and the number of cards holding it; most frequent first, then by number. */
  numberFrequency: { _id: number; frequency: number }[];
  recommendations: Recommendation[];
}

const BUCKETS = [0, 0.2, 0.4, 0.6, 0.8] as const;
/** The fair band the recommendations use (the rebalance form's defaults). */
const FAIR_TARGET = 0.5;
const FAIR_TOLERANCE = 0.1;

/** The figures of the balance manager for a set of cards. */
export function balanceStats(cards: readonly BalanceStatsInput[]): BalanceStats {
  const total = cards.length;
  const scores = cards.map((c) => balanceScore(c.card));
  const avg = total ? scores.reduce((a, b) => a + b, 0) / total : 0;
  const variance = total ? scores.reduce((a, s) => a + (s - avg) ** 2, 0) / total : 0;
  const stdDev = Math.sqrt(variance);
  const min = total ? Math.min(...scores) : 0;
  const max = total ? Math.max(...scores) : 0;

  const bucketCounts = [0, 0, 0, 0, 0];
  for (const s of scores) bucketCounts[Math.min(4, Math.max(0, Math.floor(s * 5)))]! += 1;

  const patterns = new Map<string, { count: number; sum: number }>();
  cards.forEach((c, i) => {
    const ids = new Set((c.winningPatterns ?? []).map((p) => normalizePatternId(p) ?? p));
    for (const id of ids) {
      const e = patterns.get(id) ?? { count: 0, sum: 0 };
      e.count += 1;
      e.sum += scores[i]!;
      patterns.set(id, e);
    }
  });
  const patternStats = [...patterns]
    .map(([id, e]) => ({ _id: id, count: e.count, avgBalanceScore: e.sum / e.count }))
    .sort((a, b) => b.count - a.count || a._id.localeCompare(b._id));

  const freq = new Array<number>(76).fill(0);
  const keys = new Map<string, number>();
  for (const { card } of cards) {
    const onCard = new Set<number>();
    for (const row of card) for (const v of row) if (Number.isInteger(v) && v >= 1 && v <= 75) onCard.add(v);
    for (const v of onCard) freq[v]! += 1;
    const key = cardKey(card);
    keys.set(key, (keys.get(key) ?? 0) + 1);
  }
  const numberFrequency = freq
    .map((frequency, n) => ({ _id: n, frequency }))
    .slice(1)
    .sort((a, b) => b.frequency - a.frequency || a._id - b._id);

  const recommendations: Recommendation[] = [];
  const warn = (code: string, message: string, action: RecommendationAction) =>
    recommendations.push({ type: 'warning', code, message, action });
  const fmt = (x: number) => x.toFixed(3);

  if (total === 0) {
    recommendations.push({
      type: 'info',
      code: 'NO_CARTELAS',
      message: `There are no cartelas yet: generate a balanced set of ${CARTELA_MAX}.`,
      action: 'regenerate',
    });
    return {
      balanceStats: {
        totalCartelas: 0,
        avgBalanceScore: 0,
        minBalanceScore: 0,
        maxBalanceScore: 0,
        stdDevBalanceScore: 0,
      },
      balanceDistribution: BUCKETS.map((b) => ({ _id: b, count: 0 })),
      patternStats,
      numberFrequency,
      recommendations,
    };
  }

  const duplicates = [...keys.values()].reduce((a, n) => a + (n - 1), 0);
  if (duplicates > 0) {
    warn(
      'DUPLICATE_CARDS',
      `${duplicates} cartela(s) repeat another card exactly: two players could win with the same card. Regenerate the set.`,
      'regenerate',
    );
  }
  if (stdDev > FAIR_TOLERANCE) {
    warn(
      'WIDE_SPREAD',
      `Balance scores are widely spread (standard deviation ${fmt(stdDev)}). Rebalance the cartelas.`,
      'rebalance',
    );
  }
  if (Math.abs(avg - FAIR_TARGET) > FAIR_TOLERANCE / 2) {
    warn(
      'AVERAGE_OFF_CENTRE',
      `The average balance score is ${fmt(avg)}, away from the fair ${FAIR_TARGET}. Rebalance the cartelas.`,
      'rebalance',
    );
  }
  const outside = scores.filter((s) => Math.abs(s - FAIR_TARGET) > FAIR_TOLERANCE).length;
  if (outside > 0) {
    recommendations.push({
      type: outside > total / 10 ? 'warning' : 'info',
      code: 'CARDS_OUTSIDE_BAND',
      message: `${outside} of ${total} cartelas have a balance score outside ${FAIR_TARGET - FAIR_TOLERANCE}-${FAIR_TARGET + FAIR_TOLERANCE}.`,
      action: 'rebalance',
    });
  }
  const skewed: number[] = [];
  for (let n = 1; n <= 75; n++) {
    const col = Math.floor((n - 1) / COLUMN_SIZE);
    const expected = (total * perCard(col)) / COLUMN_SIZE;
    if (Math.abs(freq[n]! - expected) > Math.max(2, expected * 0.25)) skewed.push(n);
  }
  if (skewed.length > 0) {
    const list = skewed.slice(0, 10).join(', ') + (skewed.length > 10 ? ', ...' : '');
    warn(
      'NUMBER_FREQUENCY_SKEWED',
      `${skewed.length} number(s) appear far more or less often than expected (${list}). Regenerate a balanced set.`,
      'regenerate',
    );
  }
  if (total < CARTELA_MAX) {
    recommendations.push({
      type: 'info',
      code: 'INCOMPLETE_SET',
      message: `${total} of ${CARTELA_MAX} cartelas exist.`,
      action: 'regenerate',
    });
  }
  if (!recommendations.some((r) => r.type === 'warning')) {
    recommendations.push({
      type: 'success',
      code: 'WELL_BALANCED',
      message: `The cartelas are well balanced (average ${fmt(avg)}, standard deviation ${fmt(stdDev)}).`,
      action: 'none',
    });
  }

  return {
    balanceStats: {
      totalCartelas: total,
      avgBalanceScore: avg,
      minBalanceScore: min,
      maxBalanceScore: max,
      stdDevBalanceScore: stdDev,
    },
    balanceDistribution: BUCKETS.map((b, i) => ({ _id: b, count: bucketCounts[i]! })),
    patternStats,
    numberFrequency,
    recommendations,
  };
}
