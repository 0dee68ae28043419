import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/lib/format';

export interface PaginationProps {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}

/**
 * product/screens.md#lists-and-pages (Reports): First / Previous / Next / Last and 'Page X of Y'. The caller shows
 * it only when there is more than one page. On a phone the buttons keep their icons and their names for screen
 * readers.
 */
export function Pagination({ page, totalPages, onPage }: PaginationProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const button = (label: string, target: number, disabled: boolean, Icon: LucideIcon, after = false) => (
    <li>
      <Button variant="outline" size="sm" onClick={() => onPage(target)} disabled={disabled}>
        {!after && <Icon className="size-4" aria-hidden="true" />}
        <span className="max-sm:sr-only">{label}</span>
        {after && <Icon className="size-4" aria-hidden="true" />}
      </Button>
    </li>
  );
  return (
    <nav
      aria-label={t('reports.pagination.label')}
      className="mt-4 flex flex-col items-center gap-3 sm:flex-row sm:justify-between"
    >
      <p className="text-sm text-ink-muted" aria-live="polite">
        {t('reports.pagination.summary', { page: format.number(page), pages: format.number(totalPages) })}
      </p>
      <ul className="flex items-center gap-1.5">
        {button(t('reports.pagination.first'), 1, page <= 1, ChevronsLeft)}
        {button(t('reports.pagination.previous'), page - 1, page <= 1, ChevronLeft)}
        {button(t('reports.pagination.next'), page + 1, page >= totalPages, ChevronRight, true)}
        {button(t('reports.pagination.last'), totalPages, page >= totalPages, ChevronsRight, true)}
      </ul>
    </nav>
  );
}
