import {
  CreateSuperAgentRequest,
  PASSWORD_MIN_LENGTH,
  type SuperAgent,
  UpdateSuperAgentRequest,
} from '@cartela/contract';
import { DEFAULT_PLATFORM_RATE_PERCENT } from '@cartela/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useCreateSuperAgent, useUpdateSuperAgent } from '@/api/super-agents';
import { Dialog, FormButtons } from '@/components/ui/dialog';
import { ContactInput, Input, NotesInput, PasswordInput } from '@/components/ui/input';
import { Field } from '@/components/ui/label';
import { NumberInput, numberField } from '@/components/ui/number-input';
import { Switch } from '@/components/ui/switch';
import { useContractForm } from '@/lib/form';
import { notify } from '@/lib/toast';
import { usernameField } from '@/lib/username-field';
import { dialogFailure, type Failure, FailureAlert } from './form-helpers';

const create = CreateSuperAgentRequest.shape;
const update = UpdateSuperAgentRequest.shape;

// The contract's rules for each field; the form keeps contact and notes as text ('' is sent as null).
const fields = {
  username: usernameField,
  platformCommissionRate: create.platformCommissionRate.unwrap(),
  contact: create.contact.unwrap().unwrap(),
  notes: create.notes.unwrap().unwrap(),
  isActive: update.isActive.unwrap(),
};
/** Create: a password is required. */
const CreateForm = z.object({ ...fields, password: create.password });
/** Edit: a blank password keeps the current one. */
const EditForm = z.object({ ...fields, password: update.password.unwrap() });

type Values = z.input<typeof CreateForm>;

export interface SuperAgentDialogProps {
  /** The super agent to edit; none to create one. */
  superAgent?: SuperAgent;
  onClose: () => void;
}

/**
 * Create or edit a super agent (product/roles.md#accounts). Mounted open; closing unmounts it (a fresh form each
 * time).
 */
export function SuperAgentDialog({ superAgent, onClose }: SuperAgentDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const activeHintId = useId();
  const editing = superAgent !== undefined;
  const createMutation = useCreateSuperAgent();
  const updateMutation = useUpdateSuperAgent();
  const [failure, setFailure] = useState<Failure | null>(null);
  const defaults: Values = {
    username: superAgent?.username ?? '',
    password: '',
    platformCommissionRate: superAgent?.platformCommissionRate ?? DEFAULT_PLATFORM_RATE_PERCENT,
    contact: superAgent?.contact ?? '',
    notes: superAgent?.notes ?? '',
    isActive: superAgent?.isActive ?? true,
  };
  const tooLong = t('superAgents.form.tooLong');
  const form = useContractForm({
    schema: editing ? EditForm : CreateForm,
    defaultValues: defaults,
    messages: {
      password: t('superAgents.form.passwordTooShort', { min: PASSWORD_MIN_LENGTH }),
      platformCommissionRate: t('superAgents.form.rateRange'),
      contact: tooLong,
      notes: tooLong,
    },
  });
  const pending = createMutation.isPending || updateMutation.isPending;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const contact = values.contact || null;
    const notes = values.notes || null;
    if (!editing) {
      try {
        const { superAgent: created } = await createMutation.mutateAsync({
          username: values.username,
          password: values.password,
          platformCommissionRate: values.platformCommissionRate,
          contact,
          notes,
        });
        notify.success(t('superAgents.form.created', { name: created.username }));
        onClose();
      } catch (error) {
        setFailure(dialogFailure(form, error, t('superAgents.form.createFailed')));
      }
      return;
    }
    // Only what changed is sent: a blank password keeps the current one.
    const body = {
      ...(values.username !== superAgent.username ? { username: values.username } : {}),
      ...(values.password ? { password: values.password } : {}),
      ...(values.platformCommissionRate !== superAgent.platformCommissionRate
        ? { platformCommissionRate: values.platformCommissionRate }
        : {}),
      ...(contact !== superAgent.contact ? { contact } : {}),
      ...(notes !== superAgent.notes ? { notes } : {}),
      ...(values.isActive !== superAgent.isActive ? { isActive: values.isActive } : {}),
    };
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    try {
      const { superAgent: updated } = await updateMutation.mutateAsync({ id: superAgent.id, body });
      notify.success(t('superAgents.form.updated', { name: updated.username }));
      onClose();
    } catch (error) {
      setFailure(dialogFailure(form, error, t('superAgents.form.updateFailed')));
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !pending && onClose()}
      title={
        editing
          ? t('superAgents.form.editTitle', { name: superAgent.username })
          : t('superAgents.form.createTitle')
      }
      description={editing ? t('superAgents.form.editDescription') : t('superAgents.form.createDescription')}
      className="sm:max-w-xl"
      footer={
        <FormButtons form={formId} pending={pending} onCancel={onClose}>
          {editing
            ? pending
              ? t('superAgents.form.saving')
              : t('superAgents.form.save')
            : pending
              ? t('superAgents.form.creating')
              : t('superAgents.form.create')}
        </FormButtons>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <Field {...form.field('username')} label={t('superAgents.form.username')}>
          <Input
            data-autofocus
            type="text"
            autoComplete="off"
            autoCapitalize="none"
            maxLength={64}
            {...form.input('username')}
          />
        </Field>
        <Field
          {...form.field('password')}
          label={editing ? t('superAgents.form.newPassword') : t('superAgents.form.password')}
          hint={editing ? t('superAgents.form.passwordKeep') : undefined}
        >
          <PasswordInput autoComplete="new-password" {...form.input('password')} />
        </Field>
        <Field
          {...form.field('platformCommissionRate')}
          label={t('superAgents.form.platformRate')}
          hint={t('superAgents.form.platformRateHint')}
        >
          <NumberInput kind="decimal" {...numberField(form, 'platformCommissionRate', 'decimal')} />
        </Field>
        <Field {...form.field('contact')} label={t('superAgents.form.contact')}>
          <ContactInput placeholder={t('superAgents.form.contactPlaceholder')} {...form.input('contact')} />
        </Field>
        <Field {...form.field('notes')} label={t('superAgents.form.notes')} className="sm:col-span-2">
          <NotesInput rows={2} {...form.input('notes')} />
        </Field>
        {editing && (
          <div className="flex items-start justify-between gap-4 rounded-lg border border-line px-4 py-3 sm:col-span-2">
            <div className="min-w-0">
              <label htmlFor={form.field('isActive').id} className="text-sm font-medium text-ink">
                {t('superAgents.form.active')}
              </label>
              <p id={activeHintId} className="text-sm text-ink-muted">
                {t('superAgents.form.activeHint')}
              </p>
            </div>
            <Switch className="mt-1" {...form.input('isActive')} aria-describedby={activeHintId} />
          </div>
        )}
        <FailureAlert failure={failure} />
      </form>
    </Dialog>
  );
}
