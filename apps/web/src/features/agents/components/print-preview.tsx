import './print.css';
import { ArrowLeft, Printer } from 'lucide-react';
import { type CSSProperties, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LoadError, Loading } from '@/components/load-state';
import { Alert } from '@/components/ui/alert';
import { BingoCard } from '@/components/ui/bingo-card';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { CARDS_PER_PAGE, chunk, toRanges } from '../utils/ranges';

export interface PrintableCartela {
  cartelaNumber: number;
  bingoCard: readonly (readonly number[])[];
}

export interface PrintPreviewProps {
  /** The cartela numbers chosen, ascending. */
  numbers: readonly number[];
  /** The cards to print from: the exact cards games are validated against (the agent's copies for an agent). */
  cartelas: readonly PrintableCartela[] | undefined;
  /** Whose cards these are, for the heading ('System cartelas', 'agent1'). */
  sourceLabel: string;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  /** Where Back goes when the preview was opened directly (no page of the app before it). */
  backTo: string;
  /** Where players check any game, `<PUBLIC_URL>/verify` (decision 074): a line on every card. */
  verifyUrl: string;
}

/** 210 mm in CSS pixels: the width of a sheet on the screen. */
const SHEET_PX = (210 * 96) / 25.4;

/**
 * What will be printed, before window.print(): A4 sheets of four cards each, drawn in millimetres so the
 * screen shows the paper. It covers the app (a layer on <body>), which the print rules then leave out, so the
 * printer gets the sheets alone; the app behind is inert meanwhile, so the keyboard stays on the preview.
 */
export function PrintPreview({
  numbers,
  cartelas,
  sourceLabel,
  loading,
  error,
  onRetry,
  backTo,
  verifyUrl,
}: PrintPreviewProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const layer = useRef<HTMLElement>(null);
  const sheetsBox = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [zoom, setZoom] = useState(1);

  const byNumber = new Map((cartelas ?? []).map((c) => [c.cartelaNumber, c]));
  const cards = numbers.flatMap((n) => byNumber.get(n) ?? []);
  const missing = cartelas ? numbers.filter((n) => !byNumber.has(n)) : [];
  const sheets = chunk(cards, CARDS_PER_PAGE);

  function back() {
    // Back to the list the admin came from; a preview opened from a link goes to its list instead.
    if (location.key !== 'default') void navigate(-1);
    else void navigate(backTo, { replace: true });
  }

  useEffect(() => {
    const touched: Element[] = [];
    for (const el of document.body.children) {
      if (el !== layer.current && !el.hasAttribute('inert')) {
        el.setAttribute('inert', '');
        touched.push(el);
      }
    }
    document.body.classList.add('cartela-printing');
    const title = document.title;
    // 'Save as PDF' proposes the document's title as the file name.
    document.title = `${t('agents.print.fileName')} ${toRanges(numbers)}`;
    heading.current?.focus();
    return () => {
      for (const el of touched) el.removeAttribute('inert');
      document.body.classList.remove('cartela-printing');
      document.title = title;
    };
  }, [numbers, t]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => event.key === 'Escape' && back();
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  });

  // A phone shows the whole sheet, smaller; print resets the zoom (print.css).
  useLayoutEffect(() => {
    const box = sheetsBox.current;
    if (!box) return;
    const fit = () => {
      const style = getComputedStyle(box);
      const padding =
        (Number.parseFloat(style.paddingLeft) || 0) + (Number.parseFloat(style.paddingRight) || 0);
      const width = box.clientWidth - padding;
      if (width > 0) setZoom(Math.min(1, width / SHEET_PX));
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(fit);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  return createPortal(
    <section
      ref={layer}
      className="cartela-print fixed inset-0 z-[45] overflow-y-auto bg-neutral-100"
      aria-labelledby="cartela-print-title"
    >
      <div className="cartela-print-screen-only sticky top-0 z-10 border-b border-line bg-surface/95 shadow-xs backdrop-blur">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-3 px-4 py-3 sm:px-6">
          <Button variant="ghost" onClick={back} icon={ArrowLeft}>
            {t('agents.print.back')}
          </Button>
          <div className="min-w-0 flex-1">
            <h1
              id="cartela-print-title"
              ref={heading}
              tabIndex={-1}
              className="truncate text-lg font-semibold text-ink focus:outline-none"
            >
              {t('agents.print.title')}
            </h1>
            <p className="truncate text-sm text-ink-muted">
              {sourceLabel} · {t('agents.cartelas.count', { count: cards.length })} ·{' '}
              {t('agents.print.pages', { count: sheets.length })}
            </p>
          </div>
          <Button onClick={() => window.print()} disabled={cards.length === 0} icon={Printer}>
            {t('agents.print.print')}
          </Button>
        </div>
      </div>

      <div className="cartela-print-screen-only mx-auto max-w-5xl space-y-3 px-4 pt-4 sm:px-6">
        <p className="text-sm text-ink-muted">{t('agents.print.hint')}</p>
        {missing.length > 0 && (
          <Alert tone="warning" role="status">
            {t('agents.print.missing', { count: missing.length, numbers: missing.join(', ') })}
          </Alert>
        )}
        {loading && <Loading label={t('agents.cartelas.loading')} />}
        {error !== null && !loading && (
          <LoadError title={t('agents.cartelas.loadFailed')} error={error} onRetry={onRetry} />
        )}
        {cartelas && cards.length === 0 && (
          <EmptyState title={t('agents.print.nothing')} description={t('agents.print.nothingBody')} />
        )}
      </div>

      <div ref={sheetsBox} className="cartela-print-pages px-2 py-4 sm:px-6">
        <div className="cartela-print-sheets" style={{ '--preview-zoom': zoom } as CSSProperties}>
          {sheets.map((sheet, page) => (
            <section
              key={sheet[0]!.cartelaNumber}
              className="cartela-sheet"
              aria-label={t('agents.print.page', { page: page + 1, pages: sheets.length })}
            >
              {sheet.map((cartela) => (
                <div key={cartela.cartelaNumber} className="cartela-print-slot">
                  <article className="cartela-print-card" data-cartela={cartela.cartelaNumber}>
                    <header>
                      <span>{t('agents.print.cartela')}</span>
                      <strong>{cartela.cartelaNumber}</strong>
                    </header>
                    <BingoCard
                      card={cartela.bingoCard}
                      caption={t('agents.cartelas.cardTitle', { n: cartela.cartelaNumber })}
                      freeLabel={t('agents.cartelas.free')}
                    />
                    <footer>{t('agents.print.verify', { address: verifyUrl })}</footer>
                  </article>
                </div>
              ))}
            </section>
          ))}
        </div>
      </div>
    </section>,
    document.body,
  );
}
