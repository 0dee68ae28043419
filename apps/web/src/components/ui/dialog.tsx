import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonVariant } from './button';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons along the bottom. */
  footer?: ReactNode;
  className?: string;
}

/**
 * The element that had the focus when `open` turned true. Radix gives the focus back to its own Trigger only;
 * these dialogs are opened from buttons outside it (a table row, a page header), so they remember the opener
 * themselves. Read during render, before the dialog's first field takes the focus (`data-autofocus`).
 */
function useOpener(open: boolean): HTMLElement | null {
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open && typeof document !== 'undefined') {
      setOpener(document.activeElement instanceof HTMLElement ? document.activeElement : null);
    }
  }
  return opener;
}

/**
 * A modal dialog: focus is trapped inside, Escape and the close button dismiss it, and the focus goes back to what
 * opened it. It opens with the focus on the element marked `data-autofocus` (else on its first focusable one).
 */
export function Dialog({ open, onOpenChange, title, description, children, footer, className }: DialogProps) {
  const { t } = useTranslation();
  const opener = useOpener(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-ink/50 backdrop-blur-[2px] animate-fade-in" />
        <RadixDialog.Content
          className={clsx(
            'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2',
            'overflow-y-auto rounded-2xl bg-surface shadow-raised animate-pop-in focus:outline-none',
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(event) => {
            // The element marked `data-autofocus` takes the focus once this dialog's focus trap is in charge.
            // React's autoFocus would run earlier, while the trap of a dialog below (one opened over another)
            // still holds the focus and takes it back.
            const wanted = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>(
              '[data-autofocus]',
            );
            if (wanted) {
              event.preventDefault();
              wanted.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            if (opener?.isConnected) {
              event.preventDefault();
              opener.focus();
            }
          }}
        >
          <div className="flex items-start justify-between gap-4 px-6 pt-6">
            <div className="space-y-1.5">
              <RadixDialog.Title className="text-lg font-semibold text-ink">{title}</RadixDialog.Title>
              {description && (
                <RadixDialog.Description className="text-sm text-ink-muted">
                  {description}
                </RadixDialog.Description>
              )}
            </div>
            <RadixDialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label={t('common.close')} className="-mt-2 -mr-3">
                <X className="size-5" aria-hidden="true" />
              </Button>
            </RadixDialog.Close>
          </div>
          {children && <div className="px-6 pt-4">{children}</div>}
          {/* A long form scrolls under its buttons: Save stays in reach on a laptop's 768 px and a phone. */}
          {footer && (
            <div className="sticky bottom-0 z-10 mt-2 flex flex-wrap justify-end gap-3 bg-surface px-6 pt-4 pb-6">
              {footer}
            </div>
          )}
          {!footer && <div className="pb-6" />}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  /** 'danger' for destructive actions (delete, finish a game, lose data). */
  tone?: Extract<ButtonVariant, 'primary' | 'danger'>;
  loading?: boolean;
  onConfirm: () => void;
}

/** Ask before doing something that cannot be undone. The safe choice (cancel) takes the focus first. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  tone = 'primary',
  loading = false,
  onConfirm,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={loading} data-autofocus>
            {cancelLabel ?? t('common.cancel')}
          </Button>
          <Button variant={tone} onClick={onConfirm} loading={loading}>
            {confirmLabel ?? t('common.confirm')}
          </Button>
        </>
      }
    />
  );
}

export interface FormButtonsProps {
  /** The id of the form the submit button sends. */
  form: string;
  /** The form is being sent: Cancel waits, the submit button shows it is busy. */
  pending: boolean;
  onCancel: () => void;
  /** The submit button is off (something the form needs is missing). */
  disabled?: boolean;
  /** What the submit button says. */
  children: ReactNode;
}

/** A form dialog's buttons: Cancel, then the form's submit. */
export function FormButtons({ form, pending, onCancel, disabled, children }: FormButtonsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Button variant="outline" onClick={onCancel} disabled={pending}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" form={form} loading={pending} disabled={disabled}>
        {children}
      </Button>
    </>
  );
}
