import './i18n';
import {
  addDays,
  ethiopianMonthLength,
  fromEthiopian,
  type IsoDate,
  isIsoDate,
  toEthiopian,
  WEEKDAY_NAMES,
  weekdayOf,
} from '@cartela/core';
import { clsx } from 'clsx';
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { Popover } from 'radix-ui';
import { type KeyboardEvent, type Ref, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input, inputClasses } from '@/components/ui/input';
import { businessToday, CALENDAR_OF, useFormat } from '@/lib/format';
import { OROMO_MONTHS, OROMO_WEEKDAYS, OROMO_WEEKDAYS_SHORT, oromoGregorianDate } from '@/lib/oromo-dates';
import { ETHIOPIAN_MONTH_NAMES, ethiopianText, parseBusinessDate } from './ethiopian-text';

/** The languages whose readers count in the Ethiopian calendar (CALENDAR_OF: Amharic and Afaan Oromoo). */
type EthiopicReader = 'am' | 'om';

export interface BusinessDateInputProps {
  /** The input's id, which the field's label points to. */
  id: string;
  /** The chosen business day, 'YYYY-MM-DD' (Gregorian), or '' for none. */
  value: string;
  /** A business day 'YYYY-MM-DD', or '' when the field is empty or does not name a day. */
  onChange: (value: IsoDate | '') => void;
  onBlur?: () => void;
  /** The first and last day the picker offers. A typed day outside them is passed on, as a date input does. */
  min?: IsoDate | undefined;
  max?: IsoDate | undefined;
  name?: string;
  ref?: Ref<HTMLInputElement>;
  disabled?: boolean;
  'aria-describedby'?: string | undefined;
  'aria-invalid'?: boolean | undefined;
  className?: string;
}

/**
 * The one way to choose a business day (decision 065). In English it is the browser's date input (Gregorian).
 * In Amharic and Afaan Oromoo it is the Ethiopian calendar (decision 078): the day is typed as day/month/year
 * (the month by number or by name: '17/3/2019', '17 ኅዳር 2019', 'Sadaasa 17, 2019') or picked on an Ethiopian
 * month, with its Gregorian day beside it. Either way the rest of the app only ever gets a Gregorian
 * 'YYYY-MM-DD' business day.
 */
export function BusinessDateInput(props: BusinessDateInputProps) {
  const { language } = useFormat();
  if (language !== 'en' && CALENDAR_OF[language] === 'ethiopic') {
    return <EthiopianDateInput {...props} reader={language} />;
  }
  const { value, onChange, min, max, ...rest } = props;
  return (
    <Input
      type="date"
      value={value}
      min={min}
      max={max}
      onChange={(event) => onChange(isIsoDate(event.target.value) ? event.target.value : '')}
      {...rest}
    />
  );
}

const textOf = (value: string, reader: EthiopicReader) =>
  isIsoDate(value) ? ethiopianText(value, reader) : '';

function EthiopianDateInput({
  reader,
  id,
  value,
  onChange,
  onBlur,
  min,
  max,
  name,
  ref,
  disabled,
  className,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
}: BusinessDateInputProps & { reader: EthiopicReader }) {
  const { t } = useTranslation();
  const statusId = useId();
  const [text, setText] = useState(() => textOf(value, reader));
  const [open, setOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement | null>(null);

  // The text follows the value when it changes from outside (a cleared filter, an address); what the reader
  // is typing stays as typed (decision 061).
  const [known, setKnown] = useState(value);
  if (value !== known) {
    setKnown(value);
    if (parseBusinessDate(text) !== value) setText(textOf(value, reader));
  }

  const parsed = parseBusinessDate(text);
  const unreadable = text.trim() !== '' && parsed === null;

  function emit(next: IsoDate | '') {
    setKnown(next);
    if (next !== value) onChange(next);
  }

  function choose(day: IsoDate) {
    setText(ethiopianText(day, reader));
    emit(day);
    setOpen(false);
  }

  const setRefs = (element: HTMLInputElement | null) => {
    inputRef.current = element;
    if (typeof ref === 'function') ref(element);
    else if (ref) ref.current = element;
  };

  return (
    <div className={clsx('space-y-1', className)}>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <div className="flex gap-2">
          <input
            id={id}
            ref={setRefs}
            name={name}
            type="text"
            lang={reader}
            autoComplete="off"
            spellCheck={false}
            placeholder={t('businessDate.placeholder')}
            value={text}
            disabled={disabled}
            aria-invalid={invalid || unreadable || undefined}
            aria-describedby={clsx(describedBy, statusId) || undefined}
            className={clsx(inputClasses, 'min-w-0 flex-1')}
            onChange={(event) => {
              setText(event.target.value);
              emit(parseBusinessDate(event.target.value) ?? '');
            }}
            onBlur={onBlur}
          />
          <Popover.Trigger asChild>
            <button
              type="button"
              disabled={disabled}
              aria-label={t('businessDate.openCalendar')}
              className={clsx(
                'inline-flex size-11 shrink-0 items-center justify-center rounded-lg border border-line-strong bg-surface',
                'text-ink-muted shadow-xs hover:bg-surface-muted hover:text-ink disabled:cursor-not-allowed',
                'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
              )}
            >
              <CalendarDays className="size-5" aria-hidden="true" />
            </button>
          </Popover.Trigger>
        </div>
        <p id={statusId} className={clsx('text-sm', unreadable ? 'text-danger-700' : 'text-ink-muted')}>
          {unreadable
            ? t('businessDate.invalid')
            : parsed
              ? t('businessDate.gregorian', { date: NAMES[reader].gregorian(parsed) })
              : null}
        </p>
        <Popover.Portal>
          <Popover.Content
            aria-label={t('businessDate.calendar')}
            align="start"
            sideOffset={6}
            collisionPadding={8}
            className="z-50 rounded-xl border border-line bg-surface p-3 shadow-raised focus:outline-none"
            // The day takes the focus itself (EthiopianMonth); a chosen day gives it to the text.
            onOpenAutoFocus={(event) => event.preventDefault()}
            onCloseAutoFocus={(event) => {
              if (document.activeElement && document.activeElement !== document.body) event.preventDefault();
            }}
          >
            <EthiopianMonth
              reader={reader}
              selected={parsed ?? (isIsoDate(value) ? value : null)}
              min={min}
              max={max}
              onChoose={(day) => {
                choose(day);
                inputRef.current?.focus();
              }}
            />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------------------
// One Ethiopian month to pick a day from
// ---------------------------------------------------------------------------------------------------------

const gregorianFormat = new Intl.DateTimeFormat('am-ET', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const weekdayLong = new Intl.DateTimeFormat('am-ET', { weekday: 'long', timeZone: 'UTC' });
const weekdayShort = new Intl.DateTimeFormat('am-ET', { weekday: 'short', timeZone: 'UTC' });
const utc = (day: IsoDate) => new Date(`${day}T00:00:00Z`);
const weekdayIndex = (day: IsoDate) => WEEKDAY_NAMES.indexOf(weekdayOf(day));

/**
 * What the picker writes, per reader: the Ethiopian month's name, the weekdays (Monday first), a day's Gregorian
 * date ('26 ኖቬምበር 2026', 'Sadaasa 26, 2026') and the separator after a weekday. Oromo is written by
 * oromo-dates.ts: browsers' Intl has none (decision 078).
 */
const NAMES: Record<
  EthiopicReader,
  {
    month: (month: number) => string;
    weekday: (day: IsoDate) => string;
    weekdayShort: (day: IsoDate) => string;
    gregorian: (day: IsoDate) => string;
    after: string;
  }
> = {
  am: {
    month: (month) => ETHIOPIAN_MONTH_NAMES[month - 1] ?? '',
    weekday: (day) => weekdayLong.format(utc(day)),
    weekdayShort: (day) => weekdayShort.format(utc(day)),
    gregorian: (day) => gregorianFormat.format(utc(day)),
    after: '፣',
  },
  om: {
    month: (month) => OROMO_MONTHS[month - 1] ?? '',
    weekday: (day) => OROMO_WEEKDAYS[weekdayIndex(day)] ?? '',
    weekdayShort: (day) => OROMO_WEEKDAYS_SHORT[weekdayIndex(day)] ?? '',
    gregorian: oromoGregorianDate,
    after: ',',
  },
};

// A Monday to Sunday week (2026-11-23 was a Monday).
const WEEK = WEEKDAY_NAMES.map((_, i) => addDays('2026-11-23', i));

/** The same day of the month `months` away, kept within that month (Pagume has 5 or 6 days). */
function shiftMonth(day: IsoDate, months: number): IsoDate {
  const { year, month, day: d } = toEthiopian(day);
  const index = year * 13 + (month - 1) + months;
  const y = Math.floor(index / 13);
  const m = (index % 13) + 1;
  return fromEthiopian({ year: y, month: m, day: Math.min(d, ethiopianMonthLength(y, m)) });
}

function EthiopianMonth({
  reader,
  selected,
  min,
  max,
  onChoose,
}: {
  reader: EthiopicReader;
  selected: IsoDate | null;
  min: IsoDate | undefined;
  max: IsoDate | undefined;
  onChoose: (day: IsoDate) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const names = NAMES[reader];
  const today = businessToday();
  const allowed = (day: IsoDate) => (!min || day >= min) && (!max || day <= max);
  // The day under the keyboard: the chosen one, else today, else the nearest day on offer.
  const [focus, setFocus] = useState<IsoDate>(() => {
    if (selected) return selected;
    if (max && today > max) return max;
    if (min && today < min) return min;
    return today;
  });
  const table = useRef<HTMLTableElement>(null);
  // The focus lands on the day when the month opens and follows the arrow keys; the month buttons keep it.
  const focusDay = useRef(true);
  useEffect(() => {
    if (focusDay.current) table.current?.querySelector<HTMLButtonElement>(`[data-day="${focus}"]`)?.focus();
  }, [focus]);
  const go = (next: () => IsoDate, withFocus: boolean) => {
    try {
      const day = next();
      focusDay.current = withFocus;
      setFocus(day);
    } catch {
      // Before Meskerem 1 of the year 1, or after 9999: the calendar ends there.
    }
  };

  const { year, month } = toEthiopian(focus);
  const first = fromEthiopian({ year, month, day: 1 });
  const length = ethiopianMonthLength(year, month);
  const lead = WEEKDAY_NAMES.indexOf(weekdayOf(first));
  const cells: (IsoDate | null)[] = [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length }, (_, i) => addDays(first, i)),
  ];
  while (cells.length % 7) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));

  function onKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    const last = fromEthiopian({ year, month, day: length });
    const moves: Record<string, () => IsoDate> = {
      ArrowLeft: () => addDays(focus, -1),
      ArrowRight: () => addDays(focus, 1),
      ArrowUp: () => addDays(focus, -7),
      ArrowDown: () => addDays(focus, 7),
      PageUp: () => shiftMonth(focus, event.shiftKey ? -13 : -1),
      PageDown: () => shiftMonth(focus, event.shiftKey ? 13 : 1),
      Home: () => first,
      End: () => last,
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    go(move, true);
  }

  return (
    <div className="w-[19.5rem] max-w-[calc(100vw-2rem)]">
      <div className="mb-2 flex items-center justify-between gap-2">
        <button
          type="button"
          aria-label={t('businessDate.previousMonth')}
          onClick={() => go(() => shiftMonth(focus, -1), false)}
          className="inline-flex size-11 items-center justify-center rounded-lg text-ink-muted hover:bg-surface-muted hover:text-ink"
        >
          <ChevronLeft className="size-5" aria-hidden="true" />
        </button>
        <p id={headingId} className="text-base font-semibold text-ink" aria-live="polite">
          {names.month(month)} {year}
        </p>
        <button
          type="button"
          aria-label={t('businessDate.nextMonth')}
          onClick={() => go(() => shiftMonth(focus, 1), false)}
          className="inline-flex size-11 items-center justify-center rounded-lg text-ink-muted hover:bg-surface-muted hover:text-ink"
        >
          <ChevronRight className="size-5" aria-hidden="true" />
        </button>
      </div>
      <table
        ref={table}
        aria-labelledby={headingId}
        className="w-full table-fixed border-collapse text-center"
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr>
            {WEEK.map((day) => (
              <th
                key={day}
                scope="col"
                abbr={names.weekday(day)}
                className="pb-1 text-xs font-medium text-ink-muted"
              >
                {names.weekdayShort(day)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((day, i) =>
                day ? (
                  <td key={day} className="p-0.5">
                    <button
                      type="button"
                      data-day={day}
                      tabIndex={day === focus ? 0 : -1}
                      aria-pressed={day === selected}
                      aria-label={`${names.weekday(day)}${names.after} ${ethiopianText(day, reader)} (${names.gregorian(day)})`}
                      aria-current={day === today ? 'date' : undefined}
                      aria-disabled={allowed(day) ? undefined : true}
                      onClick={() => allowed(day) && onChoose(day)}
                      className={clsx(
                        'size-10 rounded-lg text-sm font-medium tabular-nums',
                        'focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-500',
                        day === selected
                          ? 'bg-brand-600 text-white'
                          : allowed(day)
                            ? 'text-ink hover:bg-surface-muted'
                            : 'cursor-not-allowed text-ink-subtle line-through',
                        day === today && day !== selected && 'ring-1 ring-brand-500',
                      )}
                    >
                      {toEthiopian(day).day}
                    </button>
                  </td>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: an empty cell has nothing but its place
                  <td key={`empty-${i}`} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
