/** 50 -> '50%', 16.6667 -> '16.67%': rates keep at most two decimals on screen. */
export function rateText(value: number, number: (value: number, decimals?: number) => string): string {
  const decimals = Number.isInteger(value) ? 0 : Number.isInteger(Math.round(value * 1000) / 100) ? 1 : 2;
  return `${number(value, decimals)}%`;
}

/**
 * A business day of an answer ('2025-03-14') as an instant inside that day, for `format.date`: noon UTC is the
 * same calendar day in Addis Ababa (UTC+3), so the day shown is the day sent, in either calendar.
 */
export function businessDay(day: string): string {
  return `${day}T12:00:00Z`;
}
