import { type CommissionSetting, UpdateCommissionSettingRequest } from '@cartela/contract';
import { clsx } from 'clsx';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { inputClasses } from '@/components/ui/input';
import { Field } from '@/components/ui/label';
import { NumberInput, numberField } from '@/components/ui/number-input';
import { i18n } from '@/i18n';
import { useContractForm } from '@/lib/form';
import { notify } from '@/lib/toast';
import { useUpdateSetting } from '../api/update-setting';
import { formFailure, TOAST_MS } from '../utils/failure';

const shape = UpdateCommissionSettingRequest.shape;
// The contract's rules: a rate of 0-100 with at most 4 decimals; notes optional, at most 500 characters.
const EditRateForm = z.object({
  adminCommissionRate: shape.adminCommissionRate,
  notes: shape.notes.unwrap().unwrap(),
});

/**
 * Edit an agent's admin commission rate (its systemCommissionShare, spec 00) and notes: PUT
 * /api/commission/settings/{agentId}. A new rate applies to the payments generated afterwards.
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
      notify.success(t('commission.editRate.saved'), { duration: TOAST_MS.success });
      onClose();
    } catch (error) {
      formFailure(form, error, i18n.t('commission.editRate.failed'));
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !update.isPending && onClose()}
      title={t('commission.editRate.title')}
      description={t('commission.editRate.description', { name: setting.agentUsername })}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={update.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={update.isPending}>
            {update.isPending ? t('commission.editRate.saving') : t('commission.editRate.save')}
          </Button>
        </>
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
          <textarea
            rows={3}
            maxLength={500}
            className={clsx(inputClasses, 'min-h-20 resize-y py-2')}
            {...form.input('notes')}
          />
        </Field>
      </form>
    </Dialog>
  );
}
