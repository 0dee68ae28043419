import { clsx } from 'clsx';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DigitsRange } from '@/components/ui/number-input';

export interface NumberPickerProps {
  /** The cartela numbers offered, ascending. */
  options: readonly number[];
  /** Offered but not selectable (an agent's cartelas already held), with why. */
  disabled?: ReadonlySet<number>;
  disabledHint?: string;
  selected: ReadonlySet<number>;
  onChange: (selected: Set<number>) => void;
}

/**
 * Choose cartela numbers: all at once, a range (a hall's printed run, 1-50), or one by one. Each number is a
 * toggle button, so the keyboard and a screen reader say which are chosen.
 */
export function NumberPicker({ options, disabled, disabledHint, selected, onChange }: NumberPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [rangeError, setRangeError] = useState<string | null>(null);
  const selectable = options.filter((n) => !disabled?.has(n));
  const min = options[0] ?? 1;
  const max = options.at(-1) ?? 1;

  function toggle(n: number) {
    const next = new Set(selected);
    if (next.has(n)) next.delete(n);
    else next.add(n);
    onChange(next);
  }

  function addRange() {
    const start = Number(from);
    const end = to.trim() === '' ? start : Number(to);
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < min || end > max || start > end) {
      setRangeError(t('agents.picker.rangeInvalid', { min, max }));
      return;
    }
    setRangeError(null);
    onChange(new Set([...selected, ...selectable.filter((n) => n >= start && n <= end)]));
  }

  // Enter in a range input adds the range (it must not submit the dialog's form).
  const onEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    addRange();
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => onChange(new Set(selectable))}
          disabled={selectable.length === 0}
        >
          {t('agents.picker.selectAll')}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => onChange(new Set())} disabled={selected.size === 0}>
          {t('agents.picker.clear')}
        </Button>
        <output className="ml-auto text-sm font-semibold text-brand-700" aria-live="polite">
          {t('agents.picker.selected', { count: selected.size })}
        </output>
      </div>

      <fieldset className="rounded-lg border border-line px-3 pt-1 pb-3">
        <legend className="px-1 text-sm font-medium text-ink">{t('agents.picker.range')}</legend>
        <div className="flex flex-wrap items-end gap-2">
          <DigitsRange
            id={id}
            className="w-20"
            values={{ from, to }}
            labels={{ from: t('agents.picker.from'), to: t('agents.picker.to') }}
            placeholders={{ from: String(min), to: String(max) }}
            aria-invalid={rangeError ? true : undefined}
            aria-describedby={rangeError ? `${id}-range-error` : undefined}
            onDigits={(end, value) => (end === 'from' ? setFrom : setTo)(value)}
            onKeyDown={onEnter}
          />
          <Button variant="secondary" onClick={addRange} disabled={from === ''}>
            {t('agents.picker.addRange')}
          </Button>
        </div>
        {rangeError && (
          <p id={`${id}-range-error`} className="mt-2 text-sm text-danger-700">
            {rangeError}
          </p>
        )}
      </fieldset>

      {disabledHint && disabled && disabled.size > 0 && (
        <p className="text-sm text-ink-muted">{disabledHint}</p>
      )}

      <ul
        className="grid max-h-[min(45dvh,22rem)] grid-cols-[repeat(auto-fill,minmax(2.75rem,1fr))] gap-1.5 overflow-y-auto rounded-lg border border-line bg-surface-muted p-2"
        aria-label={t('agents.picker.numbers')}
      >
        {options.map((n) => {
          const held = disabled?.has(n) ?? false;
          const on = selected.has(n);
          return (
            <li key={n}>
              <button
                type="button"
                aria-pressed={held ? undefined : on}
                aria-label={t('agents.picker.number', { n })}
                disabled={held}
                onClick={() => toggle(n)}
                className={clsx(
                  'flex h-10 w-full items-center justify-center rounded-md text-sm font-semibold tabular-nums transition-colors pointer-coarse:h-11',
                  held
                    ? 'cursor-not-allowed bg-line text-ink-subtle line-through'
                    : on
                      ? 'bg-brand-600 text-white shadow-sm'
                      : 'bg-surface text-ink ring-1 ring-line ring-inset hover:bg-brand-50',
                )}
              >
                {n}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
