import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/lib/format';
import { pageWindow } from '../utils/pagination';

export interface PaginationProps {
  page: number;
  totalPages: number;
  total: number;
  onPage: (page: number) => void;
}

/**
 * Previous / Next, up to five page buttons around the current page, and 'Page X of Y (N payments)' (spec 02
 * section 9). The caller shows it only when there is more than one page.
 */
export function Pagination({ page, totalPages, total, onPage }: PaginationProps) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <nav
      aria-label={t('commission.pagination.label')}
      className="mt-4 flex flex-col items-center gap-3 sm:flex-row sm:justify-between"
    >
      <p className="text-sm text-ink-muted">
        {t('commission.pagination.summary', {
          page: format.number(page),
          pages: format.number(totalPages),
          total: format.number(total),
        })}
      </p>
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        <li>
          <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1}>
            <ChevronLeft className="size-4" aria-hidden="true" />
            {t('commission.pagination.previous')}
          </Button>
        </li>
        {pageWindow(page, totalPages).map((n) => (
          <li key={n}>
            <Button
              variant={n === page ? 'primary' : 'ghost'}
              size="sm"
              onClick={() => onPage(n)}
              aria-label={t('commission.pagination.page', { page: n })}
              aria-current={n === page ? 'page' : undefined}
              className={clsx('min-w-9 tabular-nums', n !== page && 'text-ink')}
            >
              {n}
            </Button>
          </li>
        ))}
        <li>
          <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={page >= totalPages}>
            {t('commission.pagination.next')}
            <ChevronRight className="size-4" aria-hidden="true" />
          </Button>
        </li>
      </ul>
    </nav>
  );
}
