import { type CommissionSetting, UpdateCommissionSettingRequest } from '@cartela/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useUpdateSetting } from '@/api/commission';
import { Dialog, FormButtons } from '@/components/ui/dialog';
import { NotesInput } from '@/components/ui/input';
import { Field } from '@/components/ui/label';
import { NumberInput, numberField } from '@/components/ui/number-input';
import { i18n } from '@/i18n';
import { useContractForm } from '@/lib/form';
import { notify } from '@/lib/toast';

const shape = UpdateCommissionSettingRequest.shape;
// The contract's rules: a rate of 0-100 with at most 4 decimals; notes optional, at most 500 characters.
const EditRateForm = z.object({
  adminCommissionRate: shape.adminCommissionRate,
  notes: shape.notes.unwrap().unwrap(),
});

/**
 * Edit an agent's admin commission rate (its systemCommissionShare, product/money.md#commission-share) and notes:
 * PUT /api/commission/settings/{agentId}. A new rate applies to the payments generated afterwards.
 */
export function EditRateDialog({ setting, onClose }: { setting: CommissionSetting; onClose: () => void }) {
  const { t } = useTranslation();
  const formId = useId();
  const update = useUpdateSetting();
  const form = useContractForm({
    schema: EditRateForm,
    defaultValues: { adminCommissionRate: setting.adminCommissionRate, notes: setting.notes ?? '' },
    messages: {
      adminCommissionRate: t('commission.editRate.rateInvalid'),
      notes: t('commission.editRate.notesTooLong'),
    },
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({
        agentId: setting.agentId,
        body: { adminCommissionRate: values.adminCommissionRate, notes: values.notes || null },
      });
      notify.success(t('commission.editRate.saved'));
      onClose();
    } catch (error) {
      if (!form.errorOnField(error)) notify.failure(i18n.t('commission.editRate.failed'), error);
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !update.isPending && onClose()}
      title={t('commission.editRate.title')}
      description={t('commission.editRate.description', { name: setting.agentUsername })}
      footer={
        <FormButtons form={formId} pending={update.isPending} onCancel={onClose}>
          {update.isPending ? t('commission.editRate.saving') : t('commission.editRate.save')}
        </FormButtons>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        <Field
          {...form.field('adminCommissionRate')}
          label={t('commission.editRate.rate')}
          hint={t('commission.editRate.rateHint')}
        >
          {/* Decimals are allowed (1/6 is 16.6667): the contract keeps up to 4, the spec's step is 0.01. */}
          <NumberInput
            kind="decimal"
            data-autofocus
            {...numberField(form, 'adminCommissionRate', 'decimal')}
          />
        </Field>
        <Field {...form.field('notes')} label={t('commission.editRate.notes')}>
          <NotesInput rows={3} {...form.input('notes')} />
        </Field>
      </form>
    </Dialog>
  );
}
