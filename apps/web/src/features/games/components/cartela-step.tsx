import { CARTELA_MAX, CARTELA_MIN } from '@cartela/core';
import { clsx } from 'clsx';
import { type KeyboardEvent, memo, useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DigitsRange, LabelledDigits } from '@/components/ui/number-input';
import { shortGameId } from '@/lib/format';
import { notify } from '@/lib/toast';
import { addOne, addRange, cartelaFromText, numberList } from '../utils/selection';

const ALL_NUMBERS = Array.from({ length: CARTELA_MAX - CARTELA_MIN + 1 }, (_, i) => CARTELA_MIN + i);

/** The grid's legend: each kind of number's look, by its text's key. */
const LEGEND = [
  ['legendMine', 'bg-surface ring-1 ring-brand-300 ring-inset'],
  ['legendSelected', 'bg-brand-600'],
  ['legendOther', 'border border-dashed border-line-strong bg-surface-muted'],
  ['legendInPlay', 'bg-warning-50 ring-2 ring-warning-500 ring-inset'],
] as const;

/** A cartela of a game not over: ringed amber, selected or not. */
const IN_PLAY = 'ring-2 ring-warning-500 ring-inset';

// The spec's messages are toasts; the same text also stays under the inputs.

export interface CartelaStepProps {
  /** The agent's cartelas (active assignments). */
  assigned: ReadonlySet<number>;
  selected: ReadonlySet<number>;
  /** The agent's cartelas in a game not over, each with its game's id (marked: the server refuses them). */
  inPlay?: ReadonlyMap<number, string>;
  /** The server's refusal of these cartelas (CARTELA_IN_PLAY), in the interface language. */
  refusal?: string | null;
  onChange: (selected: Set<number>) => void;
}

const NONE_IN_PLAY: ReadonlyMap<number, string> = new Map();

interface Message {
  tone: 'error' | 'warning' | 'success';
  text: string;
}

/**
 * Step 3, Cartelas (product/cartelas.md#selecting-cartelas-for-a-game): the grid 1-300 marks the agent's own; one
 * number (Enter adds it), a range, or a click toggles. Only assigned cartelas can be selected, each refusal in the
 * spec's words.
 */
export function CartelaStep({
  assigned,
  selected,
  inPlay = NONE_IN_PLAY,
  refusal = null,
  onChange,
}: CartelaStepProps) {
  const { t } = useTranslation();
  const id = useId();
  const [single, setSingle] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [message, setMessage] = useState<Message | null>(null);

  function say(tone: Message['tone'], text: string) {
    setMessage({ tone, text });
    if (tone === 'success') notify.success(text);
    else notify.error(text);
  }

  // What was typed stays as typed ('2.5' is not 25, '1e1' not 11): a text that is no whole number 1-300 is said
  // at once under the fields, and its Add waits for a number (decision 085).
  const notCartela = (text: string) => text.trim() !== '' && cartelaFromText(text) === null;
  const singleWrong = notCartela(single);
  const rangeWrong = notCartela(from) || notCartela(to);
  const typedError = singleWrong
    ? t('games.wizard.cartelas.invalidNumber')
    : rangeWrong
      ? t('games.wizard.cartelas.invalidRange')
      : null;

  function addSingle() {
    // Already said under the field.
    if (singleWrong) return;
    const result = addOne(single, selected, assigned);
    if (result.kind === 'invalid') return say('error', t('games.wizard.cartelas.invalidNumber'));
    if (result.kind === 'already')
      return say('error', t('games.wizard.cartelas.alreadySelected', { n: result.n }));
    if (result.kind === 'not-assigned') {
      return say('error', t('games.wizard.cartelas.notAssignedAdd', { n: result.n }));
    }
    setMessage(null);
    setSingle('');
    onChange(result.selected);
  }

  function addFromRange() {
    if (rangeWrong) return;
    const result = addRange(from, to, selected, assigned);
    if (result.kind === 'invalid') return say('error', t('games.wizard.cartelas.invalidRange'));
    const refused =
      result.notAssigned.length > 0
        ? t('games.wizard.cartelas.notAssignedRange', { list: numberList(result.notAssigned) })
        : null;
    const added = t('games.wizard.cartelas.addedRange', { count: result.added.length });
    if (refused) notify.error(refused);
    if (result.added.length > 0) notify.success(added);
    setMessage(refused ? { tone: 'warning', text: `${refused} ${added}` } : { tone: 'success', text: added });
    onChange(result.selected);
    setFrom('');
    setTo('');
  }

  function toggle(n: number) {
    if (!assigned.has(n)) return say('error', t('games.wizard.cartelas.notAssignedClick', { n }));
    const next = new Set(selected);
    if (next.has(n)) next.delete(n);
    else next.add(n);
    setMessage(null);
    onChange(next);
  }

  // The grid's 300 buttons are drawn again only when the selection changes, not at each key typed above it.
  const toggleRef = useRef(toggle);
  toggleRef.current = toggle;
  const pick = useCallback((n: number) => toggleRef.current(n), []);

  const onEnter = (action: () => void) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    action();
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-ink-muted">
        {t('games.wizard.cartelas.mineCount', { count: assigned.size })}
      </p>

      <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
        <div className="flex items-end gap-2">
          <LabelledDigits
            id={`${id}-one`}
            label={t('games.wizard.cartelas.single')}
            className="w-28"
            value={single}
            placeholder="1-300"
            asTyped
            aria-invalid={singleWrong || undefined}
            aria-describedby={singleWrong ? `${id}-typed` : undefined}
            onDigits={setSingle}
            onKeyDown={onEnter(addSingle)}
          />
          <Button variant="secondary" onClick={addSingle} disabled={single.trim() === '' || singleWrong}>
            {t('games.wizard.cartelas.add')}
          </Button>
        </div>

        <fieldset className="flex items-end gap-2">
          <legend className="sr-only">{t('games.wizard.cartelas.range')}</legend>
          <DigitsRange
            id={id}
            className="w-20"
            values={{ from, to }}
            labels={{ from: t('games.wizard.cartelas.from'), to: t('games.wizard.cartelas.to') }}
            placeholders={{ from: '1', to: '300' }}
            asTyped
            aria-invalid={rangeWrong || undefined}
            aria-describedby={rangeWrong ? `${id}-typed` : undefined}
            onDigits={(end, value) => (end === 'from' ? setFrom : setTo)(value)}
            onKeyDown={onEnter(addFromRange)}
          />
          <Button variant="secondary" onClick={addFromRange} disabled={from.trim() === '' || rangeWrong}>
            {t('games.wizard.cartelas.addRange')}
          </Button>
        </fieldset>
      </div>

      {typedError && (
        <p id={`${id}-typed`} role="alert" className="text-sm font-medium text-danger-700">
          {typedError}
        </p>
      )}
      {refusal && (
        <p role="alert" className="text-sm font-medium text-danger-700">
          {refusal}
        </p>
      )}
      {/* The line kept for the messages: the server's refusal takes its place while there is no message. */}
      <p
        aria-live="polite"
        className={clsx(
          'min-h-5 text-sm',
          refusal && !message && 'sr-only',
          message?.tone === 'error' && 'text-danger-700',
          message?.tone === 'warning' && 'text-warning-800',
          message?.tone === 'success' && 'text-success-700',
        )}
      >
        {message?.text}
      </p>

      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-xs text-ink-muted">
        {LEGEND.filter(([key]) => key !== 'legendInPlay' || inPlay.size > 0).map(([key, look]) => (
          <span key={key} className="inline-flex items-center gap-1.5">
            <span className={clsx('size-3.5 rounded', look)} aria-hidden="true" />
            {t(`games.wizard.cartelas.${key}`)}
          </span>
        ))}
        <output className="ml-auto text-sm font-semibold text-brand-700" aria-live="polite">
          {t('games.wizard.cartelas.selected', { count: selected.size })}
        </output>
        <Button variant="ghost" size="sm" onClick={() => onChange(new Set())} disabled={selected.size === 0}>
          {t('games.wizard.cartelas.clear')}
        </Button>
      </div>

      <NumberGrid assigned={assigned} selected={selected} inPlay={inPlay} onPick={pick} />
    </div>
  );
}

interface NumberGridProps {
  assigned: ReadonlySet<number>;
  selected: ReadonlySet<number>;
  inPlay: ReadonlyMap<number, string>;
  onPick: (n: number) => void;
}

/** Where an arrow key, Home or End moves the focus in the grid, `columns` to a row; null for other keys. */
export function gridMove(key: string, from: number, columns: number): number | null {
  const to =
    key === 'ArrowRight'
      ? from + 1
      : key === 'ArrowLeft'
        ? from - 1
        : key === 'ArrowDown'
          ? from + columns
          : key === 'ArrowUp'
            ? from - columns
            : key === 'Home'
              ? CARTELA_MIN
              : key === 'End'
                ? CARTELA_MAX
                : null;
  return to === null ? null : Math.min(CARTELA_MAX, Math.max(CARTELA_MIN, to));
}

/**
 * The cartelas 1-300 as toggle buttons: the agent's own (selected or not) and, dashed, the others. One stop of the
 * Tab key, not 300 (the buttons after it stay a press away): the arrows, Home and End move between the numbers,
 * Space or Enter picks one (a roving tabindex, as WAI-ARIA's grids do).
 */
const NumberGrid = memo(function NumberGrid({ assigned, selected, inPlay, onPick }: NumberGridProps) {
  const { t } = useTranslation();
  const [active, setActive] = useState(CARTELA_MIN);
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = event.currentTarget;
    // The row's length as the layout has it (auto-fill: it changes with the width).
    const columns = getComputedStyle(list).gridTemplateColumns.split(' ').filter(Boolean).length || 1;
    const next = gridMove(event.key, active, columns);
    if (next === null) return;
    event.preventDefault();
    setActive(next);
    list.querySelector<HTMLButtonElement>(`button[data-n="${next}"]`)?.focus();
  };
  return (
    <ul
      aria-label={t('games.wizard.cartelas.grid')}
      onKeyDown={onKeyDown}
      className="grid max-h-[min(40dvh,20rem)] grid-cols-[repeat(auto-fill,minmax(2.6rem,1fr))] gap-1.5 overflow-y-auto rounded-lg border border-line bg-surface-muted p-2"
    >
      {ALL_NUMBERS.map((n) => {
        const mine = assigned.has(n);
        const on = selected.has(n);
        const game = mine ? inPlay.get(n) : undefined;
        return (
          <li key={n}>
            <button
              type="button"
              data-n={n}
              tabIndex={n === active ? 0 : -1}
              onClick={() => onPick(n)}
              onFocus={() => setActive(n)}
              aria-pressed={mine ? on : undefined}
              aria-label={
                game
                  ? t('games.wizard.cartelas.numberInPlay', { n, game: `#${shortGameId(game)}` })
                  : mine
                    ? t('games.wizard.cartelas.number', { n })
                    : t('games.wizard.cartelas.numberOther', { n })
              }
              title={
                game
                  ? t('games.wizard.cartelas.numberInPlay', { n, game: `#${shortGameId(game)}` })
                  : undefined
              }
              className={clsx(
                'flex h-9 w-full items-center justify-center rounded-md text-sm font-semibold tabular-nums transition-colors pointer-coarse:h-11',
                !mine && 'border border-dashed border-line-strong/70 text-ink-subtle',
                mine && on && 'bg-brand-600 text-white shadow-sm',
                mine &&
                  !on &&
                  !game &&
                  'bg-surface text-ink ring-1 ring-brand-300 ring-inset hover:bg-brand-50',
                mine && !on && game && 'bg-warning-50 text-warning-800',
                game && IN_PLAY,
              )}
            >
              {n}
            </button>
          </li>
        );
      })}
    </ul>
  );
});
