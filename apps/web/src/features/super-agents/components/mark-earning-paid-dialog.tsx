import { MarkPaidRequest, type SuperAgentEarning } from '@cartela/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useMarkEarningPaid } from '@/api/super-agent-dashboard';
import { Dialog, FormButtons } from '@/components/ui/dialog';
import { NotesInput } from '@/components/ui/input';
import { Field } from '@/components/ui/label';
import { i18n } from '@/i18n';
import { ApiError } from '@/lib/api';
import { useContractForm } from '@/lib/form';
import { useFormat } from '@/lib/format';
import { notify } from '@/lib/toast';

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
      notify.screen.success(t('superAgents.markEarningPaid.done'));
      onClose();
    } catch (error) {
      if (form.errorOnField(error)) return;
      notify.screen.failure(i18n.t('superAgents.markEarningPaid.failed'), error);
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
        <FormButtons form={formId} pending={markPaid.isPending} onCancel={onClose}>
          {markPaid.isPending
            ? t('superAgents.markEarningPaid.submitting')
            : t('superAgents.markEarningPaid.confirm')}
        </FormButtons>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <Field {...form.field('notes')} label={t('superAgents.markEarningPaid.notes')}>
          <NotesInput
            rows={3}
            data-autofocus
            placeholder={t('superAgents.markEarningPaid.notesPlaceholder')}
            {...form.input('notes')}
          />
        </Field>
      </form>
    </Dialog>
  );
}
