import { clsx } from 'clsx';
import type { ComponentProps } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import type { ContractForm } from '@/lib/form';
import { Input } from './input';
import { Label } from './label';

/**
 * What a number field accepts as text (decision 061): `whole` is ASCII digits only (coins, birr stakes, counts);
 * `decimal` is ASCII digits with an optional fraction after a point (ETB amounts, percentages). The contract's
 * schema then judges the number (at least 1, at most 2 decimals, 0-100...).
 */
export type NumberKind = 'whole' | 'decimal';

const SHAPES: Record<NumberKind, RegExp> = {
  whole: /^[0-9]+$/,
  decimal: /^[0-9]+(\.[0-9]+)?$/,
};

/**
 * The number a field's text stands for, or NaN when the text is not one (blank included), which every
 * contract schema refuses. Nothing is rewritten: '12.5' is not 125, '-5' is not 5, '1e3' is not 1000,
 * ' 12 ' is not 12 and an Arabic-Indic '٣' is not 3. The form shows the field's message and sends nothing.
 * A number (a form's default value) is kept as it is.
 */
export function typedNumber(value: unknown, kind: NumberKind): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || !SHAPES[kind].test(value)) return Number.NaN;
  return Number(value);
}

/**
 * The one input for money, coin and percentage fields: a text field (never `type="number"`, which turns
 * '1e3' into 1000 and drops what it cannot read) that shows exactly what was typed, with the digit keyboard
 * its kind needs on a phone. Pair it with `numberField` in a contract form.
 */
export function NumberInput({ kind, ...props }: ComponentProps<'input'> & { kind: NumberKind }) {
  return (
    <Input
      type="text"
      inputMode={kind === 'whole' ? 'numeric' : 'decimal'}
      autoComplete="off"
      spellCheck={false}
      {...props}
    />
  );
}

/**
 * A cartela or ball number as it is typed: digits only, at most `digits` of them, anything else dropped at once.
 * Unlike an amount (NumberInput, judged and never rewritten), a number 1-300 has nothing to lose to this, and
 * the field never shows what could not be one. `asTyped` keeps the text exactly as typed instead, for a caller
 * that judges it and says why it is refused: the wizard's cartelas, where dropping turned '2.5' into 25 and '1e1'
 * into 11 (decision 085).
 */
export function DigitsInput({
  digits = 3,
  asTyped = false,
  onDigits,
  ...props
}: Omit<ComponentProps<'input'>, 'onChange'> & {
  digits?: number;
  asTyped?: boolean;
  onDigits: (value: string) => void;
}) {
  return (
    <Input
      inputMode="numeric"
      autoComplete="off"
      {...props}
      onChange={(event) =>
        onDigits(asTyped ? event.target.value : event.target.value.replace(/\D/g, '').slice(0, digits))
      }
    />
  );
}

type DigitsInputProps = ComponentProps<typeof DigitsInput>;

/** A box of digits (DigitsInput) with its label above it: a cartela number, one end of a range. */
export function LabelledDigits({
  label,
  className,
  ...props
}: DigitsInputProps & { id: string; label: string }) {
  return (
    <div className={clsx('space-y-1', className)}>
      <Label htmlFor={props.id}>{label}</Label>
      <DigitsInput {...props} />
    </div>
  );
}

type RangeEnd = 'from' | 'to';

export interface DigitsRangeProps
  extends Omit<DigitsInputProps, 'id' | 'value' | 'placeholder' | 'onDigits'> {
  /** The boxes are `${id}-from` and `${id}-to`. */
  id: string;
  values: Record<RangeEnd, string>;
  labels: Record<RangeEnd, string>;
  placeholders: Record<RangeEnd, string>;
  onDigits: (end: RangeEnd, value: string) => void;
}

/** A range of numbers: its first and last, each a LabelledDigits; the other props go to both inputs. */
export function DigitsRange({ id, values, labels, placeholders, onDigits, ...props }: DigitsRangeProps) {
  return (['from', 'to'] as const).map((end) => (
    <LabelledDigits
      key={end}
      {...props}
      id={`${id}-${end}`}
      label={labels[end]}
      value={values[end]}
      placeholder={placeholders[end]}
      onDigits={(value) => onDigits(end, value)}
    />
  ));
}

/**
 * A number field's registration in a contract form (lib/form.ts): the input keeps the text as typed and the
 * form holds `typedNumber(text)`, so the contract's schema refuses what is not a number of that kind with the
 * field's translated message, and the submit sends nothing.
 *
 *   <NumberInput kind="whole" {...numberField(form, 'coins', 'whole')} />
 */
export function numberField<V extends FieldValues, T>(
  form: ContractForm<V, T>,
  name: Path<V>,
  kind: NumberKind,
) {
  return {
    ...form.input(name),
    ...form.register(name, { setValueAs: (value: unknown) => typedNumber(value, kind) }),
  };
}
