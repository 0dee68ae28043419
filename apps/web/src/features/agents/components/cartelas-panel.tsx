import { LayoutGrid, Printer, Search } from 'lucide-react';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, Loading } from '@/components/load-state';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { CartelaGrid } from './cartela-grid';
import { CartelaViewDialog } from './cartela-view-dialog';
import { PrintSelectDialog } from './print-select-dialog';

export interface PanelCartela {
  cartelaNumber: number;
  bingoCard: number[][];
  isActive?: boolean;
}

export interface CartelasPanelProps<C extends PanelCartela> {
  cartelas: readonly C[] | undefined;
  loading: boolean;
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
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
  cartelas,
  loading,
  error,
  retrying,
  onRetry,
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
  const searchId = useId();
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
        <div className="relative min-w-48 flex-1 sm:max-w-xs">
          <label htmlFor={searchId} className="sr-only">
            {t('agents.cartelas.search')}
          </label>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted"
            aria-hidden="true"
          />
          <Input
            id={searchId}
            type="search"
            inputMode="numeric"
            placeholder={t('agents.cartelas.search')}
            value={query}
            onChange={(e) => setQuery(e.target.value.replace(/\D/g, '').slice(0, 3))}
            className="pl-9"
          />
        </div>
        <div className="flex flex-wrap gap-2 sm:ml-auto">
          {toolbar}
          <Button variant="outline" onClick={() => setPrinting(true)} disabled={numbers.length === 0}>
            <Printer className="size-4" aria-hidden="true" />
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
        <LoadError title={loadFailed} error={error} onRetry={onRetry} retrying={retrying} />
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
