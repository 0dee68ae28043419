import { MarkPaidRequest, type SuperAgentEarning } from '@cartela/contract';
import { clsx } from 'clsx';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { inputClasses } from '@/components/ui/input';
import { Field } from '@/components/ui/label';
import { i18n } from '@/i18n';
import { ApiError } from '@/lib/api';
import { errorText } from '@/lib/errors';
import { useContractForm } from '@/lib/form';
import { useFormat } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useMarkEarningPaid } from '../api/mark-earning-paid';
import { failureToast, TOAST_MS } from './earnings-display';

// The contract's notes: optional, at most 500 characters.
const MarkPaidForm = z.object({ notes: MarkPaidRequest.shape.notes.unwrap().unwrap() });

export interface MarkEarningPaidDialogProps {
  superAgentName: string;
  earning: SuperAgentEarning;
  onClose: () => void;
}

/**
 * Mark Paid (decision 053 section 5): pending -> paid, with optional notes (a receipt number, how it was paid).
 * A 409 (the earning is no longer pending: another admin got there first) closes the dialog with the server's
 * reason, the rows being refreshed; any other failure keeps it open to try again.
 */
export function MarkEarningPaidDialog({ superAgentName, earning, onClose }: MarkEarningPaidDialogProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const formId = useId();
  const markPaid = useMarkEarningPaid();
  const form = useContractForm({
    schema: MarkPaidForm,
    defaultValues: { notes: '' },
    messages: { notes: t('superAgents.markEarningPaid.notesTooLong') },
  });

  const submit = form.handleSubmit(async ({ notes }) => {
    try {
      // No notes: an empty body, which leaves the earning's notes as they are.
      await markPaid.mutateAsync({ id: earning.id, body: notes ? { notes } : {} });
      notify.success(t('superAgents.markEarningPaid.done'), { duration: TOAST_MS.success });
      onClose();
    } catch (error) {
      const message = errorText(error, '');
      if (error instanceof ApiError && error.field === 'notes' && message) {
        form.setError('notes', { type: 'server', message }, { shouldFocus: true });
        return;
      }
      failureToast(i18n.t('superAgents.markEarningPaid.failed'), error);
      if (error instanceof ApiError && error.status === 409) onClose();
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !markPaid.isPending && onClose()}
      title={t('superAgents.markEarningPaid.title')}
      description={t('superAgents.markEarningPaid.description', {
        name: superAgentName,
        amount: format.etb(earning.superAgentNetEarnings),
        agent: earning.agentUsername,
        date: format.date(earning.businessDate),
      })}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={markPaid.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={markPaid.isPending}>
            {markPaid.isPending
              ? t('superAgents.markEarningPaid.submitting')
              : t('superAgents.markEarningPaid.confirm')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <Field {...form.field('notes')} label={t('superAgents.markEarningPaid.notes')}>
          <textarea
            rows={3}
            maxLength={500}
            data-autofocus
            placeholder={t('superAgents.markEarningPaid.notesPlaceholder')}
            className={clsx(inputClasses, 'min-h-20 resize-y py-2')}
            {...form.input('notes')}
          />
        </Field>
      </form>
    </Dialog>
  );
}
