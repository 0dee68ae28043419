import { clsx } from 'clsx';
import { Eye, EyeOff, Search } from 'lucide-react';
import { type ComponentProps, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

// 16 px text: phones do not zoom into the field on focus.
export const inputClasses = clsx(
  'h-11 w-full rounded-lg border border-line-strong bg-surface px-3 text-base text-ink shadow-xs',
  'placeholder:text-ink-subtle transition-[border-color,box-shadow]',
  'focus:border-brand-500 focus:outline-none focus:ring-3 focus:ring-brand-500/25',
  'disabled:cursor-not-allowed disabled:bg-surface-muted disabled:text-ink-muted',
  'aria-invalid:border-danger-600 aria-invalid:focus:ring-danger-600/20',
);

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={clsx(inputClasses, className)} {...props} />;
}

/**
 * A contact (a phone number, most often): the phone's telephone keyboard, at most the contract's 120 characters
 * (`Contact`), and no browser suggestions unless the caller asks (`autoComplete="tel"` for one's own).
 */
export function ContactInput(props: Omit<ComponentProps<'input'>, 'type'>) {
  return <Input type="text" inputMode="tel" autoComplete="off" maxLength={120} {...props} />;
}

/**
 * A search box with a magnifier: `label` names it for screen readers and is its placeholder. `className` sizes
 * the box.
 */
export function SearchInput({
  label,
  className,
  ...props
}: Omit<ComponentProps<'input'>, 'type'> & { label: string }) {
  const id = useId();
  return (
    <div className={clsx('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted"
        aria-hidden="true"
      />
      <Input id={id} type="search" placeholder={label} className="pl-9" {...props} />
    </div>
  );
}

/**
 * Notes (a receipt number, why a rate changed): a few lines that grow on request, at most the contract's 500
 * characters. `className` replaces its least height (min-h-20).
 */
export function NotesInput({ className = 'min-h-20', ...props }: ComponentProps<'textarea'>) {
  return <textarea maxLength={500} className={clsx(inputClasses, 'resize-y py-2', className)} {...props} />;
}

/** A password field with a show/hide toggle ('Show password' / 'Hide password'). */
export function PasswordInput({ className, id, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input
        id={id}
        type={visible ? 'text' : 'password'}
        className={clsx(inputClasses, 'pr-12', className)}
        {...props}
      />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? t('auth.hidePassword') : t('auth.showPassword')}
        aria-controls={id}
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-ink-muted hover:text-ink"
      >
        {visible ? (
          <EyeOff className="size-5" aria-hidden="true" />
        ) : (
          <Eye className="size-5" aria-hidden="true" />
        )}
      </button>
    </div>
  );
}
