import { AssignAgentRequest } from '@cartela/contract';
import { DEFAULT_SUPER_AGENT_RATE_PERCENT } from '@cartela/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useAgentUsers } from '@/api/agents';
import { useAgreements, useAssignAgent, useSuperAgents } from '@/api/super-agents';
import { Alert } from '@/components/ui/alert';
import { Dialog, FormButtons } from '@/components/ui/dialog';
import { NotesInput } from '@/components/ui/input';
import { Field } from '@/components/ui/label';
import { NumberInput, numberField } from '@/components/ui/number-input';
import { Options, Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useContractForm } from '@/lib/form';
import { useFormat } from '@/lib/format';
import { percentText } from '@/lib/percent';
import { notify } from '@/lib/toast';
import { dialogFailure, type Failure, FailureAlert } from './form-helpers';

const shape = AssignAgentRequest.shape;
const AssignForm = z.object({
  agentId: shape.agentId,
  superAgentId: shape.superAgentId,
  superAgentCommissionRate: shape.superAgentCommissionRate.unwrap(),
  notes: shape.notes.unwrap().unwrap(),
});

export interface AssignAgentDialogProps {
  /** Chosen in advance when the dialog is opened from a super agent's row. */
  superAgentId?: string;
  onClose: () => void;
}

/**
 * Put an agent under a super agent (product/screens.md#super-agent-management). An agent has one active agreement
 * at a time (product/roles.md#agreements): the dialog shows the agent's current one, which the new assignment
 * ends.
 */
export function AssignAgentDialog({ superAgentId, onClose }: AssignAgentDialogProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const formId = useId();
  const agents = useAgentUsers();
  const superAgents = useSuperAgents();
  const agreements = useAgreements();
  const assign = useAssignAgent();
  const [failure, setFailure] = useState<Failure | null>(null);

  // Only active super agents can be given agents (product/roles.md#agreements).
  const activeSuperAgents = (superAgents.data ?? []).filter((s) => s.isActive);
  const preselected = activeSuperAgents.some((s) => s.id === superAgentId) ? superAgentId : undefined;
  const tooLong = t('superAgents.assignForm.tooLong');
  const form = useContractForm({
    schema: AssignForm,
    defaultValues: {
      agentId: '',
      superAgentId: preselected ?? '',
      superAgentCommissionRate: DEFAULT_SUPER_AGENT_RATE_PERCENT,
      notes: '',
    },
    messages: {
      agentId: t('superAgents.assignForm.agentRequired'),
      superAgentId: t('superAgents.assignForm.superAgentRequired'),
      superAgentCommissionRate: t('superAgents.assignForm.rateRange'),
      notes: tooLong,
    },
  });
  const [agentId, chosenSuperAgentId] = form.watch(['agentId', 'superAgentId']);
  const agent = agents.data?.find((a) => a.id === agentId);
  const current = agreements.data?.find((a) => a.agentId === agentId && a.isActive);

  const loading = agents.isPending || superAgents.isPending;
  const loadFailed = agents.isError || superAgents.isError;
  const noAgents = agents.isSuccess && agents.data.length === 0;
  const noSuperAgents = superAgents.isSuccess && activeSuperAgents.length === 0;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { agreement } = await assign.mutateAsync({ ...values, notes: values.notes || null });
      notify.success(
        t('superAgents.assignForm.assigned', {
          agent: agreement.agentUsername,
          superAgent: agreement.superAgentUsername,
        }),
      );
      onClose();
    } catch (error) {
      setFailure(dialogFailure(form, error, t('superAgents.assignForm.failed')));
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !assign.isPending && onClose()}
      title={t('superAgents.assignForm.title')}
      description={t('superAgents.assignForm.description')}
      className="sm:max-w-xl"
      footer={
        <FormButtons
          form={formId}
          pending={assign.isPending}
          onCancel={onClose}
          disabled={loading || loadFailed || noAgents || noSuperAgents}
        >
          {assign.isPending ? t('superAgents.assignForm.submitting') : t('superAgents.assignForm.submit')}
        </FormButtons>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        {loading && (
          <div className="text-ink-muted sm:col-span-2">
            <Spinner size="sm" label={t('superAgents.assignForm.loadingChoices')} />
          </div>
        )}
        {loadFailed && (
          <Alert role="alert" className="sm:col-span-2">
            {t('superAgents.assignForm.choicesFailed')}
          </Alert>
        )}
        {noAgents && (
          <Alert tone="warning" className="sm:col-span-2">
            {t('superAgents.assignForm.noAgents')}
          </Alert>
        )}
        {noSuperAgents && (
          <Alert tone="warning" className="sm:col-span-2">
            {t('superAgents.assignForm.noActiveSuperAgents')}
          </Alert>
        )}
        <Field {...form.field('agentId')} label={t('superAgents.assignForm.agent')}>
          <Select data-autofocus {...form.input('agentId')}>
            <option value="">{t('superAgents.assignForm.chooseAgent')}</option>
            <Options
              items={agents.data ?? []}
              text={(a) =>
                a.isActive ? a.username : t('superAgents.assignForm.inactiveAgent', { name: a.username })
              }
              value={(a) => a.id}
            />
          </Select>
        </Field>
        <Field {...form.field('superAgentId')} label={t('superAgents.assignForm.superAgent')}>
          <Select {...form.input('superAgentId')}>
            <option value="">{t('superAgents.assignForm.chooseSuperAgent')}</option>
            <Options items={activeSuperAgents} text={(s) => s.username} value={(s) => s.id} />
          </Select>
        </Field>
        {agent && (
          <Alert
            tone="info"
            role="status"
            title={t('superAgents.assignForm.currentTitle')}
            className="sm:col-span-2"
          >
            {current
              ? t(
                  current.superAgentId === chosenSuperAgentId
                    ? 'superAgents.assignForm.currentSame'
                    : 'superAgents.assignForm.current',
                  {
                    agent: agent.username,
                    superAgent: current.superAgentUsername,
                    rate: percentText(current.superAgentCommissionRate, format.number),
                    date: format.date(current.effectiveFrom),
                  },
                )
              : agreements.isPending
                ? t('superAgents.assignForm.loadingChoices')
                : t('superAgents.assignForm.currentNone', { agent: agent.username })}
          </Alert>
        )}
        <Field
          {...form.field('superAgentCommissionRate')}
          label={t('superAgents.assignForm.rate')}
          hint={t('superAgents.assignForm.rateHint')}
        >
          <NumberInput kind="decimal" {...numberField(form, 'superAgentCommissionRate', 'decimal')} />
        </Field>
        <Field {...form.field('notes')} label={t('superAgents.assignForm.notes')}>
          <NotesInput rows={2} className="min-h-11" {...form.input('notes')} />
        </Field>
        <FailureAlert failure={failure} />
      </form>
    </Dialog>
  );
}
