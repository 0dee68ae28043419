/** Page buttons shown around the current page (spec 02 section 9: a window of 5). */
export const PAGE_WINDOW = 5;

/**
 * The page numbers to offer as buttons: up to `size` consecutive pages with the current one as near the middle
 * as the ends allow (page 1 of 9: 1-5; page 5: 3-7; page 9: 5-9).
 */
export function pageWindow(current: number, totalPages: number, size = PAGE_WINDOW): number[] {
  if (totalPages < 1) return [];
  const page = Math.min(Math.max(1, current), totalPages);
  const first = Math.max(1, Math.min(page - Math.floor(size / 2), totalPages - size + 1));
  const last = Math.min(totalPages, first + size - 1);
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}
