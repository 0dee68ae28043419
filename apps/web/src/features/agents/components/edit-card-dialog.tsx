import {
  BINGO_LETTERS,
  type CardValidation,
  CENTRE,
  COLUMN_RANGES,
  FREE,
  generateCartela,
  validateCard,
} from '@cartela/core';
import { Shuffle } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateAgentCard } from '@/api/cartelas';
import { Alert } from '@/components/ui/alert';
import { BingoCard } from '@/components/ui/bingo-card';
import { Button } from '@/components/ui/button';
import { Dialog, FormButtons } from '@/components/ui/dialog';
import { currentLanguage, i18n } from '@/i18n';
import { ApiError } from '@/lib/api';
import { errorText } from '@/lib/errors';
import { notify } from '@/lib/toast';

type Cell = { row: number; col: number };
type Grid = string[][];

const toGrid = (card: readonly (readonly number[])[]): Grid =>
  card.map((row, r) => row.map((v, c) => (r === CENTRE && c === CENTRE ? '' : v === FREE ? '' : String(v))));

/**
 * The card to send: an empty input becomes 0, as product/cartelas.md#the-card-editor says, and core's rule then
 * refuses the 0 naming its cell; the centre is always free. A hall's printed card has a number in every other
 * cell, and a 0 there could never be called: a line through it would never win (decision 066).
 */
export function cardFromGrid(grid: Grid): number[][] {
  return grid.map((row, r) =>
    row.map((v, c) => (r === CENTRE && c === CENTRE ? FREE : v.trim() === '' ? FREE : Number(v))),
  );
}

/** 'bingoCard.1.0' (the field a refused card is about) -> row 1, column 0. */
function cellOfField(field: string | undefined): Cell | null {
  const match = /^bingoCard\.(\d)\.(\d)$/.exec(field ?? '');
  return match ? { row: Number(match[1]), col: Number(match[2]) } : null;
}

/**
 * core's reason for a refused card, in the interface language: English is core's own sentence (the one the
 * server sends); other languages are built from the code and the cell.
 */
function reasonText(check: Exclude<CardValidation, { ok: true }>, card: number[][]): string {
  if (!check.cell) {
    return currentLanguage() === 'en' ? check.reason : i18n.t('agents.editCard.reasons.NOT_A_GRID');
  }
  const { row, col } = check.cell;
  const value = card[row]![col]!;
  const { letter, min, max } = COLUMN_RANGES[col]!;
  const first = card.findIndex((r) => r.includes(value));
  const reason =
    currentLanguage() === 'en'
      ? check.reason
      : i18n.t(`agents.editCard.reasons.${check.code}`, {
          letter,
          row: row + 1,
          value,
          min,
          max,
          first: first + 1,
        });
  // A blank cell: what the card needs there, so the refusal reads as the rule it is, not as a fault.
  return check.code === 'EMPTY_CELL' ? i18n.t('agents.editCard.emptyCell', { reason, min, max }) : reason;
}

export interface EditCardDialogProps {
  agentId: string;
  agentName: string;
  cartelaNumber: number;
  card: readonly (readonly number[])[];
  /** The server could not generate an arrangement: this one was made here, and saving it keeps it. */
  generatedHere?: boolean;
  onClose: () => void;
  /** After the card was saved (the editor shows it again). */
  onSaved?: () => void;
}

/**
 * Type an agent's card to match its printed copy: 24 inputs under B-I-N-G-O with each column's range, the
 * free centre fixed. The card is checked by packages/core's rule before it is sent; whatever the server still
 * refuses is shown with its reason, on the cell it names.
 */
export function EditCardDialog({
  agentId,
  agentName,
  cartelaNumber,
  card,
  generatedHere = false,
  onClose,
  onSaved,
}: EditCardDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const update = useUpdateAgentCard();
  const [grid, setGrid] = useState<Grid>(() => toGrid(card));
  const [problem, setProblem] = useState<{ text: string; cell: Cell | null } | null>(null);
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const title = generatedHere
    ? t('agents.editCard.generatedTitle', { n: cartelaNumber })
    : t('agents.editCard.title', { n: cartelaNumber });

  function focusCell(cell: Cell | null) {
    if (cell) inputs.current.get(`${cell.row}-${cell.col}`)?.focus();
  }

  function setCell(row: number, col: number, value: string) {
    setGrid((g) => g.map((r, i) => (i === row ? r.map((v, j) => (j === col ? value : v)) : r)));
    if (problem?.cell?.row === row && problem.cell.col === col) setProblem(null);
  }

  async function save() {
    const next = cardFromGrid(grid);
    const check = validateCard(next);
    if (!check.ok) {
      const cell = check.cell ?? null;
      setProblem({ text: reasonText(check, next), cell });
      focusCell(cell);
      return;
    }
    setProblem(null);
    try {
      await update.mutateAsync({ agentId, n: cartelaNumber, card: next });
      notify.success(t('agents.editCard.saved', { n: cartelaNumber, agent: agentName }));
      onClose();
      onSaved?.();
    } catch (error) {
      const cell = error instanceof ApiError ? cellOfField(error.field) : null;
      const text = errorText(error, i18n.t('agents.editCard.failed'));
      setProblem({ text, cell });
      notify.error(i18n.t('agents.editCard.failed'));
      focusCell(cell);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !update.isPending && onClose()}
      title={title}
      description={t('agents.editCard.description', { agent: agentName })}
      className="sm:max-w-xl"
      footer={
        <>
          {generatedHere && (
            <Button
              variant="ghost"
              className="mr-auto"
              onClick={() => {
                setGrid(toGrid(generateCartela()));
                setProblem(null);
              }}
              disabled={update.isPending}
              icon={Shuffle}
            >
              {t('agents.editCard.another')}
            </Button>
          )}
          <FormButtons form={formId} pending={update.isPending} onCancel={onClose}>
            {update.isPending ? t('agents.editCard.saving') : t('agents.editCard.save')}
          </FormButtons>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
        className="space-y-4"
      >
        {generatedHere && (
          <Alert tone="info" role="status">
            {t('agents.editCard.generatedHere')}
          </Alert>
        )}
        <div className="flex justify-center">
          <BingoCard
            card={cardFromGrid(grid)}
            caption={title}
            freeLabel={t('agents.cartelas.free')}
            showRanges
            invalidCell={problem?.cell}
            renderCell={(_, row, col) => {
              const key = `${row}-${col}`;
              const invalid = problem?.cell?.row === row && problem.cell.col === col;
              const { letter, min, max } = COLUMN_RANGES[col]!;
              return (
                <input
                  ref={(el) => {
                    if (el) inputs.current.set(key, el);
                    else inputs.current.delete(key);
                  }}
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={2}
                  value={grid[row]![col]}
                  onChange={(e) => setCell(row, col, e.target.value.replace(/\D/g, '').slice(0, 2))}
                  aria-label={t('agents.editCard.cell', { letter, row: row + 1, min, max })}
                  aria-invalid={invalid || undefined}
                  aria-describedby={invalid ? `${formId}-problem` : undefined}
                  className="size-full rounded-lg bg-transparent text-center font-bold text-ink focus:bg-brand-50 focus:outline-none focus:ring-3 focus:ring-brand-500/40"
                />
              );
            }}
          />
        </div>
        <p className="text-center text-sm text-ink-muted">
          {t('agents.editCard.hint', { letters: BINGO_LETTERS.join('-') })}
        </p>
        {problem && (
          <Alert role="alert" id={`${formId}-problem`} title={t('agents.editCard.problem')}>
            {problem.text}
          </Alert>
        )}
      </form>
    </Dialog>
  );
}
