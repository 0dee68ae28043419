import { MarkPaidRequest } from '@cartela/contract';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ConfirmDialog, Dialog, FormButtons } from '@/components/ui/dialog';
import { NotesInput } from '@/components/ui/input';
import { Field } from '@/components/ui/label';
import { i18n } from '@/i18n';
import { ApiError } from '@/lib/api';
import { useContractForm } from '@/lib/form';
import { notify } from '@/lib/toast';

// Mark Paid and Mark Pending (product/money.md#daily-commission-payments, decision 053 section 5): the admin's
// commission payments and the super agents' earnings change status the same way (PaidToggle offers the change).

// The contract's notes: optional, at most 500 characters.
const MarkPaidForm = z.object({ notes: MarkPaidRequest.shape.notes.unwrap().unwrap() });

interface PaidDialogProps<Request> {
  /**
   * Where the feature keeps the dialog's texts ('commission.markPaid'): title, confirm, done and failed; Mark
   * Paid's also notes, notesPlaceholder and submitting.
   */
  texts: string;
  /** What changes: whose payment or earning, how much, for which day. */
  description: ReactNode;
  /** The write (`useMarkPaid`, `useMarkEarningPending`...). */
  write: { mutateAsync: (request: Request) => Promise<unknown>; isPending: boolean };
  /**
   * A 409 (the status changed meanwhile: another admin got there first) closes the dialog with the server's
   * reason, the rows being refreshed: asking again would be refused again. Any other failure keeps it open.
   */
  closeOnConflict?: boolean;
  onClose: () => void;
}

/** The dialog's texts, and the end of its write: the toast that says it is done or what failed. */
function usePaidWrite<Request>({ texts, write, closeOnConflict = false, onClose }: PaidDialogProps<Request>) {
  const { t } = useTranslation();
  // The feature's own keys, under `texts` (as StatusBadge reads a status's name).
  const text = (key: string) => t(`${texts}.${key}` as 'common.retry');
  async function send(request: Request, onFieldError?: (error: unknown) => boolean) {
    try {
      await write.mutateAsync(request);
      notify.success(text('done'));
      onClose();
    } catch (error) {
      if (onFieldError?.(error)) return;
      notify.failure(i18n.t(`${texts}.failed` as 'common.retry'), error);
      if (closeOnConflict && error instanceof ApiError && error.status === 409) onClose();
    }
  }
  return { text, send, onOpenChange: (open: boolean) => !open && !write.isPending && onClose() };
}

/** Mark Paid: pending -> paid, with optional notes (a receipt number, how it was paid). */
export function MarkPaidDialog(
  props: PaidDialogProps<{ id: string; body: MarkPaidRequest }> & { id: string; notesTooLong: string },
) {
  const { text, send, onOpenChange } = usePaidWrite(props);
  const { id, write, onClose } = props;
  const formId = useId();
  const form = useContractForm({
    schema: MarkPaidForm,
    defaultValues: { notes: '' },
    messages: { notes: props.notesTooLong },
  });
  // No notes: an empty body, which leaves the notes as they are.
  const submit = form.handleSubmit(({ notes }) =>
    send({ id, body: notes ? { notes } : {} }, form.errorOnField),
  );

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={text('title')}
      description={props.description}
      footer={
        <FormButtons form={formId} pending={write.isPending} onCancel={onClose}>
          {write.isPending ? text('submitting') : text('confirm')}
        </FormButtons>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <Field {...form.field('notes')} label={text('notes')}>
          <NotesInput
            rows={3}
            data-autofocus
            placeholder={text('notesPlaceholder')}
            {...form.input('notes')}
          />
        </Field>
      </form>
    </Dialog>
  );
}

/** Mark Pending: back to pending, after a confirmation (Cancel, the safe choice, takes the focus). */
export function MarkPendingDialog(props: PaidDialogProps<string> & { id: string }) {
  const { text, send, onOpenChange } = usePaidWrite(props);
  return (
    <ConfirmDialog
      open
      onOpenChange={onOpenChange}
      title={text('title')}
      description={props.description}
      confirmLabel={text('confirm')}
      loading={props.write.isPending}
      onConfirm={() => void send(props.id)}
    />
  );
}
