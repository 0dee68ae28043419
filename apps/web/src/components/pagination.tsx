import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';

/** ?page=2 from the address; anything else is page 1. */
export function pageFromSearch(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

/** The address's search with another page (page 1 is the bare address). */
export function withPage(current: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(current);
  if (page <= 1) next.delete('page');
  else next.set('page', String(page));
  return next;
}

/** A paged list's page in the address (?page=2), so that Back and a shared link keep it, and the way to another. */
export function usePageInAddress() {
  const [params, setParams] = useSearchParams();
  const page = pageFromSearch(params.get('page'));
  const goTo = useCallback(
    (n: number, replace = false) => setParams((current) => withPage(current, n), { replace }),
    [setParams],
  );
  return { page, goTo };
}

/** Once the list's last page is known, an address past it (an old link) shows the last page instead. */
export function useLastPage(
  page: number,
  lastPage: number | undefined,
  goTo: (n: number, replace: boolean) => void,
) {
  useEffect(() => {
    if (lastPage !== undefined && lastPage >= 1 && page > lastPage) goTo(lastPage, true);
  }, [page, lastPage, goTo]);
}

/** Page buttons shown around the current page (product/screens.md#lists-and-pages: a window of 5). */
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

export interface PaginationProps {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  /** The navigation's name: 'Pages of games'. */
  label: string;
  /** The line beside the buttons: 'Page 2 of 9 (171 total games)'. */
  summary: string;
}

/**
 * Previous / Next and up to five page buttons around the current page, with the list's own summary line
 * (product/screens.md#lists-and-pages). The caller shows it only when there is more than one page.
 */
export function Pagination({ page, totalPages, onPage, label, summary }: PaginationProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={label} className="mt-4 flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
      <p className="text-sm text-ink-muted">{summary}</p>
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        <li>
          <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1}>
            <ChevronLeft className="size-4" aria-hidden="true" />
            {t('common.pagination.previous')}
          </Button>
        </li>
        {pageWindow(page, totalPages).map((n) => (
          <li key={n}>
            <Button
              variant={n === page ? 'primary' : 'ghost'}
              size="sm"
              onClick={() => onPage(n)}
              aria-label={t('common.pagination.page', { page: n })}
              aria-current={n === page ? 'page' : undefined}
              className={clsx('min-w-9 tabular-nums', n !== page && 'text-ink')}
            >
              {n}
            </Button>
          </li>
        ))}
        <li>
          <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={page >= totalPages}>
            {t('common.pagination.next')}
            <ChevronRight className="size-4" aria-hidden="true" />
          </Button>
        </li>
      </ul>
    </nav>
  );
}
