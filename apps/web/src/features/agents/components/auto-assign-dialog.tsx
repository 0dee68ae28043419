import { AutoAssignRequest } from '@cartela/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useAutoAssign } from '@/api/cartelas';
import { Dialog, FormButtons } from '@/components/ui/dialog';
import { Field } from '@/components/ui/label';
import { NumberInput, numberField } from '@/components/ui/number-input';
import { i18n } from '@/i18n';
import { errorText } from '@/lib/errors';
import { useContractForm } from '@/lib/form';
import { notify } from '@/lib/toast';

const AutoAssignForm = z.object({ count: AutoAssignRequest.shape.count.unwrap() });
/** product/cartelas.md#an-agents-cartelas: auto-assign gives 10 balanced cartelas unless told otherwise. */
const DEFAULT_COUNT = 10;

export interface AutoAssignDialogProps {
  agentId: string;
  agentName: string;
  onClose: () => void;
}

/** The next free cartela numbers, each with a fresh balanced card: the quick way to equip a new agent. */
export function AutoAssignDialog({ agentId, agentName, onClose }: AutoAssignDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const autoAssign = useAutoAssign();
  const form = useContractForm({
    schema: AutoAssignForm,
    defaultValues: { count: DEFAULT_COUNT },
    messages: { count: t('agents.autoAssign.countInvalid') },
  });

  const submit = form.handleSubmit(async ({ count }) => {
    try {
      const { assignedCartelas } = await autoAssign.mutateAsync({ agentId, count });
      notify.success(t('agents.autoAssign.done', { count: assignedCartelas.length, agent: agentName }));
      onClose();
    } catch (error) {
      notify.error(errorText(error, i18n.t('agents.autoAssign.failed')));
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !autoAssign.isPending && onClose()}
      title={t('agents.autoAssign.title')}
      description={t('agents.autoAssign.description', { agent: agentName })}
      footer={
        <FormButtons form={formId} pending={autoAssign.isPending} onCancel={onClose}>
          {autoAssign.isPending ? t('agents.autoAssign.assigning') : t('agents.autoAssign.submit')}
        </FormButtons>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <Field
          {...form.field('count')}
          label={t('agents.autoAssign.count')}
          hint={t('agents.autoAssign.countHint')}
        >
          <NumberInput kind="whole" className="max-w-32" {...numberField(form, 'count', 'whole')} />
        </Field>
      </form>
    </Dialog>
  );
}
