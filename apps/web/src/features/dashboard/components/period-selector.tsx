import { type StatsPeriod, StatsPeriod as StatsPeriodSchema } from '@cartela/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { useDisplay } from '../utils/display';

const PERIODS = StatsPeriodSchema.options;

export interface PeriodSelectorProps {
  value: StatsPeriod;
  onChange: (period: StatsPeriod) => void;
  /** The days the figures on screen cover (the answer's from and to), once known. */
  range?: { from: string; to: string } | undefined;
  /** A new period's figures are on their way. */
  updating?: boolean;
}

/**
 * Today, This Week, This Month, This Year (product/screens.md#period-selector), as a radio group: Tab reaches the
 * chosen period, the arrow keys move between them, and the line under it says which days the figures are for.
 */
export function PeriodSelector({ value, onChange, range, updating = false }: PeriodSelectorProps) {
  const { t } = useTranslation();
  const display = useDisplay();
  const name = useId();
  return (
    <div className="flex flex-col gap-2 sm:items-end">
      <fieldset className="min-w-0">
        <legend className="sr-only">{t('dashboard.period.label')}</legend>
        <div className="grid grid-cols-4 gap-1 rounded-xl border border-line bg-surface p-1 shadow-card">
          {PERIODS.map((period) => (
            <label key={period} className="relative">
              <input
                type="radio"
                name={name}
                value={period}
                checked={value === period}
                onChange={() => onChange(period)}
                className="peer sr-only"
              />
              <span
                className={
                  'flex min-h-11 cursor-pointer items-center justify-center rounded-lg px-2 text-center text-sm leading-tight font-semibold ' +
                  'text-ink-muted transition-colors select-none hover:bg-surface-muted hover:text-ink sm:px-3 ' +
                  'peer-checked:bg-brand-600 peer-checked:text-white peer-checked:shadow-sm ' +
                  'peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500'
                }
              >
                {t(`dashboard.period.${period}`)}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <p className="flex min-h-5 items-center gap-2 text-sm text-ink-muted" aria-live="polite">
        {updating ? (
          <Spinner size="sm" label={t('dashboard.updating')} />
        ) : range ? (
          range.from === range.to ? (
            t('dashboard.period.oneDay', { date: display.day(range.from) })
          ) : (
            t('dashboard.period.range', { from: display.day(range.from), to: display.day(range.to) })
          )
        ) : null}
      </p>
    </div>
  );
}
