/** ?page=2 from the address; anything else is page 1. */
export function pageFromSearch(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}
