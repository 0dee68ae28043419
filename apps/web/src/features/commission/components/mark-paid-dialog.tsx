import { type CommissionPayment, MarkPaidRequest } from '@cartela/contract';
import { clsx } from 'clsx';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { inputClasses } from '@/components/ui/input';
import { Field } from '@/components/ui/label';
import { i18n } from '@/i18n';
import { useContractForm } from '@/lib/form';
import { useFormat } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useMarkPaid } from '../api/mark-paid';
import { formFailure, TOAST_MS } from '../utils/failure';

// The contract's notes: optional, at most 500 characters.
const MarkPaidForm = z.object({ notes: MarkPaidRequest.shape.notes.unwrap().unwrap() });

/** Mark Paid (spec 02 section 4): pending -> paid, with optional notes (a receipt number, how it was paid). */
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
      notify.success(t('commission.markPaid.done'), { duration: TOAST_MS.success });
      onClose();
    } catch (error) {
      formFailure(form, error, i18n.t('commission.markPaid.failed'));
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
        <>
          <Button variant="outline" onClick={onClose} disabled={markPaid.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={markPaid.isPending}>
            {markPaid.isPending ? t('commission.markPaid.submitting') : t('commission.markPaid.confirm')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <Field {...form.field('notes')} label={t('commission.markPaid.notes')}>
          <textarea
            rows={3}
            maxLength={500}
            data-autofocus
            placeholder={t('commission.markPaid.notesPlaceholder')}
            className={clsx(inputClasses, 'min-h-20 resize-y py-2')}
            {...form.input('notes')}
          />
        </Field>
      </form>
    </Dialog>
  );
}
