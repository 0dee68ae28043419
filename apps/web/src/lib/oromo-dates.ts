import { type IsoDate, toEthiopian } from '@cartela/core';

/**
 * Dates in Afaan Oromoo, written here because browsers cannot: Chromium's ICU has no Oromo (Intl falls back to
 * en-US), and Node's full ICU orders the Ethiopian months wrongly. Oromo readers count in the Ethiopian calendar
 * as Amharic readers do, with the Oromo month names (decision 078); the calendar itself is packages/core's.
 */

/** The 13 Ethiopian months in Oromo, Meskerem ... Pagume (the same names serve the Gregorian months). */
export const OROMO_MONTHS = [
  'Fulbaana',
  'Onkoloolessa',
  'Sadaasa',
  'Muddee',
  'Amajjii',
  'Guraandhala',
  'Bitootessa',
  'Ebla',
  'Caamsaa',
  'Waxabajjii',
  'Adoolessa',
  'Hagayya',
  'Qaammee',
] as const;

/** Their short forms, for chart axes and tiles. */
const OROMO_MONTHS_SHORT = OROMO_MONTHS.map((name) => name.slice(0, 3));

/** Monday ... Sunday. */
export const OROMO_WEEKDAYS = [
  'Wiixata',
  'Kibxata',
  'Roobii',
  'Kamiisa',
  'Jimaata',
  'Sanbata',
  'Dilbata',
] as const;
export const OROMO_WEEKDAYS_SHORT = OROMO_WEEKDAYS.map((name) => name.slice(0, 3));

/** Before and after midday: Waaree Dura, Waaree Booda. */
const DAY_PERIODS = { am: 'WD', pm: 'WB' } as const;

/** '2026-11-27' -> 'Sadaasa 18, 2019' (the Ethiopian day, written month day, year as CLDR's Oromo does). */
export function oromoEthiopianDate(day: IsoDate): string {
  const { year, month, day: d } = toEthiopian(day);
  return `${OROMO_MONTHS[month - 1]} ${d}, ${year}`;
}

/** '2026-11-27' -> 'Sad 18': the Ethiopian day and month, for an axis or a tile. */
export function oromoShortDay(day: IsoDate): string {
  const { month, day: d } = toEthiopian(day);
  return `${OROMO_MONTHS_SHORT[month - 1]} ${d}`;
}

/** '2026-11-27' -> 'Sadaasa 27, 2026': a Gregorian day with the Oromo month names (January is Amajjii). */
export function oromoGregorianDate(day: IsoDate): string {
  const [year, month, d] = day.split('-').map(Number) as [number, number, number];
  return `${OROMO_MONTHS[(month + 3) % 12]} ${d}, ${year}`;
}

const clocks = new Map<string, Intl.DateTimeFormat>();

/** An instant's time of day in `timeZone` on the 12-hour clock: '3:05 WB', '9:41:07 WD' with seconds. */
export function oromoTime(date: Date, timeZone: string, seconds = false): string {
  const key = `${timeZone}:${seconds}`;
  let clock = clocks.get(key);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', {
      hour: 'numeric',
      minute: '2-digit',
      ...(seconds ? { second: '2-digit' } : {}),
      hourCycle: 'h12',
      timeZone,
    });
    clocks.set(key, clock);
  }
  const parts = clock.formatToParts(date);
  const value = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const time = [value('hour'), value('minute'), ...(seconds ? [value('second')] : [])].join(':');
  return `${time} ${/p/i.test(value('dayPeriod')) ? DAY_PERIODS.pm : DAY_PERIODS.am}`;
}
