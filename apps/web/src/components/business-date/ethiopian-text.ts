// An Ethiopian date as an Amharic or Oromo reader writes it, and back (decisions 065, 078). The calendar itself
// (which days exist, their Gregorian days) is packages/core's; this file only reads and writes the text.
import { type EthiopianDate, fromEthiopian, type IsoDate, isEthiopianDate, toEthiopian } from '@cartela/core';
import { OROMO_MONTHS, oromoEthiopianDate } from '@/lib/oromo-dates';

/** The 13 months as Intl's Amharic writes them (am-ET-u-ca-ethiopic): Meskerem ... Pagume. */
export const ETHIOPIAN_MONTH_NAMES = [
  'መስከረም',
  'ጥቅምት',
  'ኅዳር',
  'ታኅሣሥ',
  'ጥር',
  'የካቲት',
  'መጋቢት',
  'ሚያዝያ',
  'ግንቦት',
  'ሰኔ',
  'ሐምሌ',
  'ነሐሴ',
  'ጳጉሜን',
] as const;

// Other spellings in common use (the same sound has several letters), and the Latin names for a keyboard
// without Ge'ez: each month once, lower case.
const OTHER_SPELLINGS: readonly (readonly string[])[] = [
  ['meskerem'],
  ['tikimt', 'tikemt', 'teqemt'],
  ['ሕዳር', 'ህዳር', 'ኀዳር', 'hidar', 'hedar'],
  ['ታህሳስ', 'ታሕሳስ', 'ታኅሳስ', 'ታህሣሥ', 'ታሕሣሥ', 'tahsas', 'tahesas'],
  ['tir', 'ter'],
  ['yekatit'],
  ['megabit'],
  ['ሚያዚያ', 'miyazya', 'miazia'],
  ['ginbot', 'genbot'],
  ['sene'],
  ['ሀምሌ', 'hamle'],
  ['ነሃሴ', 'nehase', 'nehasse'],
  ['ጳጉሜ', 'ጷጉሜ', 'ጷጉሜን', 'pagume', 'pagumen'],
];

// The Oromo names' other spellings (CLDR's, and the short vowels of hurried typing).
const OTHER_OROMO_SPELLINGS: readonly (readonly string[])[] = [
  ['fulbana'],
  ['onkololeessa', 'onkoloolessaa'],
  ['sadaasaa'],
  ['mudde'],
  ['amajji'],
  ['guraandhalaa', 'guraandala'],
  ['bitootessaa', 'bitotessa'],
  ['elba', 'eebila', 'ebila'],
  ['caamsa'],
  ['waxabajji', 'waxabaajjii'],
  ['adoolessaa', 'adolessa'],
  ['hagayyaa', 'hagaya'],
  ["qaam'ee", 'qaam’ee', 'qaamee', 'qaame'],
];

const MONTH_BY_NAME = new Map<string, number>();
ETHIOPIAN_MONTH_NAMES.forEach((name, i) => {
  for (const spelling of [name, ...(OTHER_SPELLINGS[i] ?? [])]) MONTH_BY_NAME.set(spelling, i + 1);
  for (const spelling of [OROMO_MONTHS[i]!.toLowerCase(), ...(OTHER_OROMO_SPELLINGS[i] ?? [])]) {
    MONTH_BY_NAME.set(spelling, i + 1);
  }
});

const NUMBER = /^[0-9]{1,4}$/;
// The era after the year (ዓ.ም., 'year of mercy'; Oromo A.L.I., Akka Lakkoofsa Itoophiyaa) and the Ethiopic word
// and list separators.
const ERA = /\s*(ዓ\s*[./]?\s*ም\s*\.?|a\.?\s*l\.?\s*i\.?)\s*$/i;
const SEPARATORS = /[\s/\-.,፡፣፤።]+/;

/**
 * The Ethiopian day a text names, or null: day/month/year with the month as a number or by name, in any order
 * of day and month around a named month ('17/3/2019', '17-03-2019', '17 ኅዳር 2019', 'ኅዳር 17, 2019 ዓ.ም.'), or
 * year first ('2019/3/17'). The year is written in full. A day the calendar does not have is null.
 */
export function parseEthiopianDate(text: string): EthiopianDate | null {
  const parts = text.trim().replace(ERA, '').split(SEPARATORS).filter(Boolean);
  if (parts.length !== 3) return null;
  const named = parts.findIndex((p) => MONTH_BY_NAME.has(p.toLowerCase()));
  let day: string | undefined;
  let month: number | undefined;
  let year: string | undefined;
  if (named >= 0) {
    // 'ኅዳር 17 2019' or '17 ኅዳር 2019'; a name last is not a way to write a day.
    if (named === 2) return null;
    month = MONTH_BY_NAME.get(parts[named]!.toLowerCase());
    [day, year] = parts.filter((_, i) => i !== named);
  } else {
    const [a, b, c] = parts as [string, string, string];
    if (![a, b, c].every((p) => NUMBER.test(p))) return null;
    // 2019/3/17 (year first) or 17/3/2019.
    [day, month, year] = a.length === 4 ? [c, Number(b), a] : [a, Number(b), c];
  }
  if (!day || !year || month === undefined || !NUMBER.test(day) || !/^[0-9]{4}$/.test(year)) return null;
  const date = { year: Number(year), month, day: Number(day) };
  return isEthiopianDate(date) ? date : null;
}

/** The Gregorian business day a text names, or null. */
export function parseBusinessDate(text: string): IsoDate | null {
  const date = parseEthiopianDate(text);
  return date ? fromEthiopian(date) : null;
}

/**
 * A business day as its reader writes it: '2026-11-26' -> '17 ኅዳር 2019' (Intl's own Amharic order) or
 * 'Sadaasa 17, 2019' (as the app writes every Oromo date).
 */
export function ethiopianText(day: IsoDate, language: 'am' | 'om' = 'am'): string {
  if (language === 'om') return oromoEthiopianDate(day);
  const { year, month, day: d } = toEthiopian(day);
  return `${d} ${ETHIOPIAN_MONTH_NAMES[month - 1]} ${year}`;
}
