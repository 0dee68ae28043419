// Money: integer santim (1 ETB = 100 santim), exact rates, rounding half away from zero, display in en/am-ET.
// Amounts are JavaScript numbers holding integers: exact up to 2^53 santim (about 90 trillion birr).
import { CoreError } from './errors.js';

declare const santimBrand: unique symbol;
/** An amount of money as a whole number of santim. Build one with santim(), etbToSantim() or parseEtb(). */
export type Santim = number & { readonly [santimBrand]: true };

declare const rateBrand: unique symbol;
/**
 * A rate (commission %, share) as an integer number of millionths of the whole: 1% = 10 000, 100% = 1 000 000.
 * A percentage with up to 4 decimals (16.6667%) is represented exactly.
 */
export type Rate = number & { readonly [rateBrand]: true };

/** A percentage as a number (10, 16.67) or a decimal string ("16.6667", as a NUMERIC column returns it). */
export type PercentInput = number | string;

export const SANTIM_PER_ETB = 100;
/** Rate units in 100%. */
export const RATE_SCALE = 1_000_000;
const RATE_PER_PERCENT = 10_000;

// The most one request may put into the books (docs/decisions/081-money-has-an-upper-bound.md). Far beyond any
// hall, and small enough that every sum of a year of a large network stays below 2^53 santim, where a number
// stops being exact: an amount is bounded where it enters, or two legal rows can make a sum no one can read.
/** A game's stake per cartela, in whole birr (and the wizard's money levels). */
export const MAX_STAKE_ETB = 10_000;
/** The ETB paid in one coin top-up. */
export const MAX_TOP_UP_ETB = 10_000_000;
/** The coins of one top-up: one coin pays one birr of agent fee, so as many coins as birr. */
export const MAX_TOP_UP_COINS = 10_000_000;
/** A coin balance the admin sets on the agent's form (an adjustment). */
export const MAX_BALANCE_COINS = 100_000_000;

/** An integer number of santim; throws CoreError INVALID_AMOUNT for anything else (fractions, NaN, unsafe). */
export function santim(n: number): Santim {
  if (!Number.isSafeInteger(n)) throw new CoreError('INVALID_AMOUNT', `Not a whole number of santim: ${n}`);
  return (n === 0 ? 0 : n) as Santim; // no -0
}

export const ZERO: Santim = santim(0);

/**
 * Santim from an ETB amount as it arrives in JSON: a finite number with at most 2 decimals, i.e. exactly the
 * double nearest to some whole number of santim. 12.5 -> 1250; 0.1 + 0.2 and 1.005 are rejected.
 */
export function etbToSantim(etb: number): Santim {
  if (typeof etb !== 'number' || !Number.isFinite(etb)) {
    throw new CoreError('INVALID_AMOUNT', `Not a finite ETB amount: ${etb}`);
  }
  const s = Math.round(etb * SANTIM_PER_ETB);
  if (!Number.isSafeInteger(s) || s / SANTIM_PER_ETB !== etb) {
    throw new CoreError('INVALID_AMOUNT', `An ETB amount has at most 2 decimals: ${etb}`);
  }
  return santim(s);
}

/** True when etbToSantim would accept the number. */
export function isEtbAmount(etb: unknown): etb is number {
  if (typeof etb !== 'number' || !Number.isFinite(etb)) return false;
  const s = Math.round(etb * SANTIM_PER_ETB);
  return Number.isSafeInteger(s) && s / SANTIM_PER_ETB === etb;
}

/** Santim from a decimal ETB string ("12", "12.5", "-3.05"); throws CoreError INVALID_AMOUNT otherwise. */
export function parseEtb(text: string): Santim {
  const m = /^\s*(-?)(\d+)(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!m) throw new CoreError('INVALID_AMOUNT', `Not an ETB amount with at most 2 decimals: ${text}`);
  const whole = Number(m[2]) * SANTIM_PER_ETB + Number((m[3] ?? '').padEnd(2, '0'));
  return santim(m[1] ? -whole : whole);
}

/** ETB as a number with at most 2 decimals, for JSON. */
export function santimToEtb(s: Santim): number {
  return s / SANTIM_PER_ETB;
}

/** Rounds to the nearest integer, halves away from zero (2.5 -> 3, -2.5 -> -3). */
export function roundHalfAwayFromZero(x: number): number {
  const r = Math.sign(x) * Math.round(Math.abs(x));
  return r === 0 ? 0 : r;
}

/** numerator / denominator rounded half away from zero, exactly, in BigInt. */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (2n * n + d) / (2n * d); // floor(n / d + 1/2)
  return negative ? -q : q;
}

/** The sum of amounts; throws CoreError INVALID_AMOUNT if it leaves the exact integer range. */
export function sumSantim(amounts: Iterable<Santim>): Santim {
  let total = 0;
  for (const a of amounts) total += a;
  return santim(total);
}

/** total / count rounded once to the nearest santim, halves away from zero; 0 when count is 0 (an average per game). */
export function averageSantim(total: Santim, count: number): Santim {
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new CoreError('INVALID_AMOUNT', `Not a count: ${count}`);
  }
  if (count === 0) return ZERO;
  return santim(Number(divideRounded(BigInt(santim(total)), BigInt(count))));
}

/** A rate from a percentage 0-100 with at most 4 decimals; throws CoreError INVALID_RATE otherwise. */
export function percentToRate(percent: PercentInput): Rate {
  let units: number;
  if (typeof percent === 'string') {
    const m = /^\s*(\d{1,3})(?:\.(\d+))?\s*$/.exec(percent);
    const frac = m?.[2] ?? '';
    // Zeros beyond 4 decimals ("10.500000", as a NUMERIC(10,6) prints) are exact; other digits are not.
    if (!m || /[1-9]/.test(frac.slice(4)))
      throw new CoreError('INVALID_RATE', `Not a percentage: ${percent}`);
    units = Number(m[1]) * RATE_PER_PERCENT + Number(frac.slice(0, 4).padEnd(4, '0'));
  } else {
    if (typeof percent !== 'number' || !Number.isFinite(percent)) {
      throw new CoreError('INVALID_RATE', `Not a percentage: ${percent}`);
    }
    units = Math.round(percent * RATE_PER_PERCENT);
    if (units / RATE_PER_PERCENT !== percent) {
      throw new CoreError('INVALID_RATE', `A percentage has at most 4 decimals: ${percent}`);
    }
  }
  if (!(units >= 0 && units <= RATE_SCALE))
    throw new CoreError('INVALID_RATE', `A percentage is 0-100: ${percent}`);
  return units as Rate;
}

/** True when percentToRate would accept the value: the wire check of a percentage, by the same rule. */
export function isPercent(percent: unknown): percent is number {
  if (typeof percent !== 'number') return false;
  try {
    percentToRate(percent);
    return true;
  } catch {
    return false;
  }
}

/** The percentage of a rate as a number (16.6667). */
export function rateToPercent(rate: Rate): number {
  return rate / RATE_PER_PERCENT;
}

/** The percentage as an exact decimal string without trailing zeros ("16.6667", "10"), for NUMERIC columns. */
export function rateToPercentString(rate: Rate): string {
  const whole = Math.floor(rate / RATE_PER_PERCENT);
  const frac = String(rate % RATE_PER_PERCENT)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}

/** amount x rate, rounded once to the nearest santim, halves away from zero. */
export function applyRate(amount: Santim, rate: Rate): Santim {
  return santim(Number(divideRounded(BigInt(amount) * BigInt(rate), BigInt(RATE_SCALE))));
}

export type Locale = 'en' | 'am' | 'om';

/**
 * Afaan Oromoo writes birr 'Br' (CLDR's om-ET), with English digits and grouping; browsers' Intl has no Oromo
 * (Chromium's ICU falls back to en-US), so it is the en-ET format with the sign replaced (decision 078).
 */
const OROMO_BIRR = 'Br';

export interface FormatEtbOptions {
  /** en: en-ET ("ETB 1,234.50"); am: am-ET ("ብር 1,234.50"); om: "Br 1,234.50". Default en. */
  locale?: Locale;
  /** 2 (default) shows santim; 0 rounds to whole birr, halves away from zero. */
  decimals?: 0 | 2;
  /** Show the currency (default true) or only the number. */
  currency?: boolean;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** An amount for display, with the locale's currency sign and grouping: formatEtb(123450) === 'ETB 1,234.50'. */
export function formatEtb(amount: Santim, options: FormatEtbOptions = {}): string {
  const locale = options.locale ?? 'en';
  const decimals = options.decimals ?? 2;
  const currency = options.currency ?? true;
  const key = `${locale}|${decimals}|${currency}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale === 'am' ? 'am-ET' : 'en-ET', {
      ...(currency ? { style: 'currency', currency: 'ETB' } : {}),
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    formatters.set(key, f);
  }
  // Round to whole birr here, exactly, rather than trusting the formatter with a float.
  const value =
    decimals === 0 ? Number(divideRounded(BigInt(amount), BigInt(SANTIM_PER_ETB))) : amount / SANTIM_PER_ETB;
  const shown = value === 0 ? 0 : value;
  if (locale !== 'om' || !currency) return f.format(shown);
  return f
    .formatToParts(shown)
    .map((part) => (part.type === 'currency' ? OROMO_BIRR : part.value))
    .join('');
}
