import type { UseQueryResult } from '@tanstack/react-query';
import { LayoutGrid, Printer } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, Loading, useFailureToast } from '@/components/load-state';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { SearchInput } from '@/components/ui/input';
import { CartelaGrid } from './cartela-grid';
import { CartelaViewDialog } from './cartela-view-dialog';
import { PrintSelectDialog } from './print-select-dialog';

export interface PanelCartela {
  cartelaNumber: number;
  bingoCard: number[][];
  isActive?: boolean;
}

export interface CartelasPanelProps<C extends PanelCartela> {
  /** The cartelas' query: on its way, loaded, or failed (then a toast, and the failure with a retry). */
  list: UseQueryResult<readonly C[]>;
  /** The spec's text when the list fails ('Failed to load cartelas', 'Failed to load assigned cartelas'). */
  loadFailed: string;
  emptyTitle: string;
  emptyBody: string;
  /** Buttons before Print (the editor's Assign and Auto-assign). */
  toolbar?: ReactNode;
  /** Print these as an agent's copies (the admin's editor). */
  printAgentId?: string | null;
  /** The winning patterns shown under a card, and what they are. */
  patternsOf?: (cartela: C) => readonly string[] | undefined;
  patternsLabel?: string;
  /** Buttons under an opened card; `close` closes the card first. */
  cardActions?: (cartela: C, close: () => void) => ReactNode;
  /** The opened card, when the parent decides it (the editor shows a card again after changing it). */
  viewing?: number | null;
  onView?: (n: number | null) => void;
}

/** A list of cartelas: search by number, the numbers as a grid, a card view, and printing. */
export function CartelasPanel<C extends PanelCartela>({
  list,
  loadFailed,
  emptyTitle,
  emptyBody,
  toolbar,
  printAgentId,
  patternsOf,
  patternsLabel,
  cardActions,
  viewing,
  onView,
}: CartelasPanelProps<C>) {
  const { t } = useTranslation();
  const { data: cartelas, isPending: loading, error } = list;
  useFailureToast(error, list.errorUpdatedAt, loadFailed);
  const [query, setQuery] = useState('');
  const [ownOpen, setOwnOpen] = useState<number | null>(null);
  const open = viewing === undefined ? ownOpen : viewing;
  const setOpen = onView ?? setOwnOpen;
  const [printing, setPrinting] = useState(false);

  const sorted = useMemo(
    () => [...(cartelas ?? [])].sort((a, b) => a.cartelaNumber - b.cartelaNumber),
    [cartelas],
  );
  const numbers = sorted.map((c) => c.cartelaNumber);
  const needle = query.trim();
  const shown = needle ? numbers.filter((n) => String(n).includes(needle)) : numbers;
  const inactive = new Set(sorted.filter((c) => c.isActive === false).map((c) => c.cartelaNumber));
  const opened = open === null ? undefined : sorted.find((c) => c.cartelaNumber === open);
  const close = () => setOpen(null);

  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <SearchInput
          label={t('agents.cartelas.search')}
          className="min-w-48 flex-1 sm:max-w-xs"
          inputMode="numeric"
          value={query}
          onChange={(e) => setQuery(e.target.value.replace(/\D/g, '').slice(0, 3))}
        />
        <div className="flex flex-wrap gap-2 sm:ml-auto">
          {toolbar}
          <Button
            variant="outline"
            onClick={() => setPrinting(true)}
            disabled={numbers.length === 0}
            icon={Printer}
          >
            {t('agents.print.open')}
          </Button>
        </div>
      </div>

      {cartelas && (
        <p className="text-sm text-ink-muted" aria-live="polite">
          {needle
            ? t('agents.cartelas.showing', { shown: shown.length, count: numbers.length })
            : t('agents.cartelas.count', { count: numbers.length })}
        </p>
      )}

      {loading && <Loading label={t('agents.cartelas.loading')} />}
      {error !== null && !loading && (
        <LoadError
          title={loadFailed}
          error={error}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      )}
      {cartelas && numbers.length === 0 && (
        <EmptyState icon={LayoutGrid} title={emptyTitle} description={emptyBody} />
      )}
      {cartelas && numbers.length > 0 && shown.length === 0 && (
        <p className="py-6 text-center text-sm text-ink-muted">
          {t('agents.cartelas.noMatch', { query: needle })}
        </p>
      )}
      {shown.length > 0 && <CartelaGrid numbers={shown} onOpen={setOpen} inactive={inactive} />}

      {opened && (
        <CartelaViewDialog
          cartelaNumber={opened.cartelaNumber}
          card={opened.bingoCard}
          patterns={patternsOf?.(opened)}
          patternsLabel={patternsLabel}
          actions={cardActions?.(opened, close)}
          onClose={close}
        />
      )}
      {printing && (
        <PrintSelectDialog options={numbers} agentId={printAgentId} onClose={() => setPrinting(false)} />
      )}
    </section>
  );
}
