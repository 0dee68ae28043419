import { MAX_STAKE_ETB, MONEY_LEVELS_ETB } from '@cartela/core';
import { clsx } from 'clsx';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, fieldDescriptionId } from '@/components/ui/label';
import { NumberInput, typedNumber } from '@/components/ui/number-input';
import { useFormat } from '@/lib/format';

/**
 * The custom amount as the agent typed it (product/screens.md#create-game-wizard): 0 when blank, the number when
 * the text is a whole number of birr, NaN otherwise, which the wizard never sends. The text itself is never
 * rewritten ('12.5' is not 125, '-5' is not 5; decision 061).
 */
export const customAmount = (text: string): number => (text === '' ? 0 : typedNumber(text, 'whole'));

export interface MoneyStepProps {
  preset: number | null;
  custom: string;
  /** Choosing a preset clears the custom amount, and typing one clears the preset. */
  onPreset: (amount: number) => void;
  onCustom: (text: string) => void;
  /** Enter in the custom amount goes on, as Continue does. */
  onSubmit: () => void;
}

/** Step 1, Money Level: the preset stakes of core (10 ... 200 birr) or a custom whole amount. */
export function MoneyStep({ preset, custom, onPreset, onCustom, onSubmit }: MoneyStepProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const id = useId();
  const amount = customAmount(custom);
  const tooLarge = amount > MAX_STAKE_ETB;
  // Blank is no choice yet (a preset may be on); anything else that is not 1 or more whole birr is refused.
  const refused = custom !== '' && !(amount >= 1);
  const error = tooLarge
    ? t('games.wizard.money.tooLarge')
    : refused
      ? t('games.wizard.money.invalid')
      : undefined;
  return (
    <div className="space-y-5">
      <fieldset>
        <legend className="text-sm font-medium text-ink">{t('games.wizard.money.legend')}</legend>
        <p className="mt-0.5 text-sm text-ink-muted">{t('games.wizard.money.hint')}</p>
        <div className="mt-3 grid grid-cols-3 gap-2 sm:gap-3">
          {MONEY_LEVELS_ETB.map((amount) => {
            const on = preset === amount;
            return (
              <button
                key={amount}
                type="button"
                aria-pressed={on}
                onClick={() => onPreset(amount)}
                className={clsx(
                  'flex h-14 flex-col items-center justify-center rounded-xl border text-lg font-bold tabular-nums transition-colors',
                  on
                    ? 'border-brand-600 bg-brand-600 text-white shadow-sm'
                    : 'border-line-strong bg-surface text-ink hover:border-brand-300 hover:bg-brand-50',
                )}
              >
                {format.etb(amount, 0)}
              </button>
            );
          })}
        </div>
      </fieldset>

      <Field
        id={id}
        label={t('games.wizard.money.custom')}
        hint={t('games.wizard.money.customHint')}
        error={error}
      >
        <NumberInput
          kind="whole"
          id={id}
          placeholder="0"
          value={custom}
          aria-invalid={error !== undefined || undefined}
          aria-describedby={fieldDescriptionId(id)}
          onChange={(e) => onCustom(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            onSubmit();
          }}
          className="sm:max-w-60"
        />
      </Field>
    </div>
  );
}
