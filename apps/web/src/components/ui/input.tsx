import { clsx } from 'clsx';
import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
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
