import { type Agent, PASSWORD_MIN_LENGTH, type UpdateAgentRequest } from '@cartela/contract';
import { DEFAULT_SUPER_AGENT_RATE_PERCENT, DEFAULT_SYSTEM_COMMISSION_SHARE_PERCENT } from '@cartela/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchAgents, isBalanceChanged, useUpdateAgent } from '@/api/agents';
import { useSuperAgents } from '@/api/super-agents';
import { Dialog, FormButtons } from '@/components/ui/dialog';
import { PasswordInput } from '@/components/ui/input';
import { Field } from '@/components/ui/label';
import { NumberInput, numberField } from '@/components/ui/number-input';
import { Options, Select } from '@/components/ui/select';
import { i18n } from '@/i18n';
import { useContractForm } from '@/lib/form';
import { notify } from '@/lib/toast';
import { EditAgentForm, type EditAgentOutput } from '../utils/agent-forms';
import { AgentField, AgentModelFields, AgentPatternsField, superAgentChoices } from './agent-form-fields';

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/**
 * Only what changed, as PUT /api/users/agents/:id takes it (a blank password keeps the current one). A new coin
 * balance goes with the balance the form showed (`coinsShown`): the server refuses it if the agent's coins moved
 * since (decision 056).
 */
export function changesOf(
  agent: Agent,
  values: EditAgentOutput,
  coinsShown = agent.virtualCoins,
): UpdateAgentRequest {
  const body: UpdateAgentRequest = {};
  // The schema gave the name in its one form (NFKC, trimmed), as the server stores it.
  if (values.username !== agent.username) body.username = values.username;
  if (values.password) body.password = values.password;
  if ((values.contact.trim() || null) !== agent.contact) body.contact = values.contact.trim() || null;
  if (values.financialModel !== agent.financialModel) body.financialModel = values.financialModel;
  if (values.commissionPercentage !== agent.commissionPercentage) {
    body.commissionPercentage = values.commissionPercentage;
  }
  if (values.minCommissionPercentage !== agent.minCommissionPercentage) {
    body.minCommissionPercentage = values.minCommissionPercentage;
  }
  if (
    values.financialModel === 'commission-share' &&
    values.systemCommissionShare !== agent.systemCommissionShare
  ) {
    body.systemCommissionShare = values.systemCommissionShare;
  }
  if (values.financialModel === 'virtual-coin' && values.virtualCoins !== coinsShown) {
    body.virtualCoins = values.virtualCoins;
    body.virtualCoinsShown = coinsShown;
  }
  if (!sameSet(values.winningPatterns, agent.winningPatterns)) body.winningPatterns = values.winningPatterns;
  // A new super agent, or a new rate with the same one, is a new agreement: both are sent together.
  const superAgentId = values.superAgentId || null;
  if (superAgentId === null) {
    if (agent.superAgentId !== null) body.superAgentId = null;
  } else if (
    superAgentId !== agent.superAgentId ||
    values.superAgentCommissionRate !== agent.superAgentCommissionRate
  ) {
    body.superAgentId = superAgentId;
    body.superAgentCommissionRate = values.superAgentCommissionRate;
  }
  return body;
}

/**
 * Edit Agent (product/screens.md#edit-agent): username required, a blank password keeps the current one, virtual
 * coins (whole, 0 or more) for a virtual-coin agent, rates, financial model, patterns and super agent. Only what
 * changed is sent.
 */
export function EditAgentDialog({ agent, onClose }: { agent: Agent; onClose: () => void }) {
  const { t } = useTranslation();
  const formId = useId();
  const update = useUpdateAgent();
  const superAgents = useSuperAgents();
  const queryClient = useQueryClient();
  // The balance the coins input started from: what a new balance replaces.
  const [coinsShown, setCoinsShown] = useState(agent.virtualCoins);
  const percent = t('agents.form.percentInvalid');
  const form = useContractForm({
    schema: EditAgentForm,
    defaultValues: {
      username: agent.username,
      password: '',
      contact: agent.contact ?? '',
      financialModel: agent.financialModel,
      commissionPercentage: agent.commissionPercentage,
      minCommissionPercentage: agent.minCommissionPercentage,
      systemCommissionShare: agent.systemCommissionShare ?? DEFAULT_SYSTEM_COMMISSION_SHARE_PERCENT,
      virtualCoins: agent.virtualCoins,
      winningPatterns: [...agent.winningPatterns],
      superAgentId: agent.superAgentId ?? '',
      superAgentCommissionRate: agent.superAgentCommissionRate ?? DEFAULT_SUPER_AGENT_RATE_PERCENT,
    },
    // username, commissionPercentage and its minimum: the form's schema words each reason (agent-forms.ts).
    messages: {
      password: t('agents.form.passwordTooShort', { min: PASSWORD_MIN_LENGTH }),
      contact: t('agents.form.tooLong'),
      systemCommissionShare: percent,
      superAgentCommissionRate: percent,
      virtualCoins: t('agents.form.coinsInvalid'),
      winningPatterns: t('agents.form.patternsRequired'),
    },
  });
  const [model, superAgentId] = form.watch(['financialModel', 'superAgentId']);
  const choices = superAgentChoices(superAgents.data, agent.superAgentId);
  // The agent's super agent is known from the list even before the super agents have loaded.
  const current =
    agent.superAgent && !choices.some((s) => s.id === agent.superAgentId) ? agent.superAgent : null;

  const submit = form.handleSubmit(async (values) => {
    const body = changesOf(agent, values, coinsShown);
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    try {
      await update.mutateAsync({ id: agent.id, body });
      notify.success(t('agents.form.updated'));
      onClose();
    } catch (error) {
      // The agent's coins moved since the form showed them (a game, a top-up): nothing was saved. The list
      // behind the dialog and the coins input get the balance now, the message says why; saving again then
      // starts from it.
      if (isBalanceChanged(error)) {
        const now = (await fetchAgents(queryClient).catch(() => null))?.find((a) => a.id === agent.id);
        if (now) {
          setCoinsShown(now.virtualCoins);
          form.setValue('virtualCoins', now.virtualCoins);
        }
      }
      form.showError(error, i18n.t('agents.form.updateFailed'));
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !update.isPending && onClose()}
      title={t('agents.form.editTitle')}
      description={t('agents.form.editDescription', { name: agent.username })}
      className="sm:max-w-2xl"
      footer={
        <FormButtons form={formId} pending={update.isPending} onCancel={onClose}>
          {update.isPending ? t('agents.form.saving') : t('agents.form.save')}
        </FormButtons>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <AgentField form={form} name="username" />
        <Field
          {...form.field('password')}
          label={t('agents.form.newPassword')}
          hint={t('agents.form.passwordKeep')}
        >
          <PasswordInput autoComplete="new-password" {...form.input('password')} />
        </Field>
        <AgentField form={form} name="contact" />
        <AgentModelFields form={form} />
        {/* One input per field (the keys): an input React kept in this place would show another field's value. */}
        {model === 'commission-share' ? (
          <AgentField key="systemCommissionShare" form={form} name="systemCommissionShare" />
        ) : (
          <Field
            key="virtualCoins"
            {...form.field('virtualCoins')}
            label={t('agents.form.virtualCoins')}
            hint={t('agents.form.virtualCoinsHint')}
          >
            <NumberInput kind="whole" className="max-w-40" {...numberField(form, 'virtualCoins', 'whole')} />
          </Field>
        )}
        <Field {...form.field('superAgentId')} label={t('agents.form.superAgent')}>
          <Select {...form.input('superAgentId')}>
            <option value="">{t('agents.list.noSuperAgent')}</option>
            {current && <option value={current.superAgentId}>{current.superAgentUsername}</option>}
            <Options
              items={choices}
              text={(s) =>
                s.isActive ? s.username : t('agents.form.inactiveSuperAgent', { name: s.username })
              }
              value={(s) => s.id}
            />
          </Select>
        </Field>
        {superAgentId !== '' && <AgentField form={form} name="superAgentCommissionRate" />}
        <div className="sm:col-span-2">
          <AgentPatternsField form={form} />
        </div>
      </form>
    </Dialog>
  );
}
