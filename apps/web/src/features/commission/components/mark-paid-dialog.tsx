import { type CommissionPayment, MarkPaidRequest } from '@cartela/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useMarkPaid } from '@/api/commission';
import { Dialog, FormButtons } from '@/components/ui/dialog';
import { NotesInput } from '@/components/ui/input';
import { Field } from '@/components/ui/label';
import { i18n } from '@/i18n';
import { useContractForm } from '@/lib/form';
import { useFormat } from '@/lib/format';
import { notify } from '@/lib/toast';

// The contract's notes: optional, at most 500 characters.
const MarkPaidForm = z.object({ notes: MarkPaidRequest.shape.notes.unwrap().unwrap() });

/**
 * Mark Paid (product/money.md#daily-commission-payments): pending -> paid, with optional notes (a receipt number,
 * how it was paid).
 */
export function MarkPaidDialog({ payment, onClose }: { payment: CommissionPayment; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const formId = useId();
  const markPaid = useMarkPaid();
  const form = useContractForm({
    schema: MarkPaidForm,
    defaultValues: { notes: '' },
    messages: { notes: t('commission.editRate.notesTooLong') },
  });

  const submit = form.handleSubmit(async ({ notes }) => {
    try {
      // No notes: an empty body, which leaves the payment's notes as they are.
      await markPaid.mutateAsync({ id: payment.id, body: notes ? { notes } : {} });
      notify.screen.success(t('commission.markPaid.done'));
      onClose();
    } catch (error) {
      if (!form.errorOnField(error)) notify.screen.failure(i18n.t('commission.markPaid.failed'), error);
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !markPaid.isPending && onClose()}
      title={t('commission.markPaid.title')}
      description={t('commission.markPaid.description', {
        agent: payment.agentUsername,
        amount: format.etb(payment.adminCommissionAmount),
        date: format.date(payment.paymentDate),
      })}
      footer={
        <FormButtons form={formId} pending={markPaid.isPending} onCancel={onClose}>
          {markPaid.isPending ? t('commission.markPaid.submitting') : t('commission.markPaid.confirm')}
        </FormButtons>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <Field {...form.field('notes')} label={t('commission.markPaid.notes')}>
          <NotesInput
            rows={3}
            data-autofocus
            placeholder={t('commission.markPaid.notesPlaceholder')}
            {...form.input('notes')}
          />
        </Field>
      </form>
    </Dialog>
  );
}
