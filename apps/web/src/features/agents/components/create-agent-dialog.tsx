import { DEFAULT_MIN_COMMISSION_PERCENT, PASSWORD_MIN_LENGTH } from '@cartela/contract';
import {
  DEFAULT_COMMISSION_PERCENT,
  DEFAULT_SUPER_AGENT_RATE_PERCENT,
  DEFAULT_SYSTEM_COMMISSION_SHARE_PERCENT,
} from '@cartela/core';
import { clsx } from 'clsx';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useCreateAgent } from '@/api/agents';
import { useSuperAgents } from '@/api/super-agents';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { PasswordInput } from '@/components/ui/input';
import { Field } from '@/components/ui/label';
import { Options, Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { i18n } from '@/i18n';
import { ApiError } from '@/lib/api';
import { useContractForm } from '@/lib/form';
import { notify } from '@/lib/toast';
import { BASIC_INFO_FIELDS, CreateAgentForm, type CreateAgentValues } from '../utils/agent-forms';
import { PATTERN_IDS } from '../utils/patterns';
import { AgentField, AgentModelFields, AgentPatternsField, superAgentChoices } from './agent-form-fields';

const DEFAULTS: CreateAgentValues = {
  username: '',
  password: '',
  contact: '',
  financialModel: 'virtual-coin',
  commissionPercentage: DEFAULT_COMMISSION_PERCENT,
  minCommissionPercentage: DEFAULT_MIN_COMMISSION_PERCENT,
  systemCommissionShare: DEFAULT_SYSTEM_COMMISSION_SHARE_PERCENT,
  winningPatterns: [...PATTERN_IDS],
  superAgentId: '',
  superAgentCommissionRate: DEFAULT_SUPER_AGENT_RATE_PERCENT,
};

const STEP_ONE = new Set<string>(BASIC_INFO_FIELDS);

/**
 * Create Agent in two steps (product/screens.md#create-agent): Basic Info, then Super Agent Assignment. Next opens
 * once username and password are filled, and only if the first step's fields are valid; Back keeps what was
 * typed, and every box shows what will be sent after any Back and Next. A refusal about a first-step field (a
 * taken username) brings that step back with the message under its input.
 */
export function CreateAgentDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const formId = useId();
  const [step, setStep] = useState<1 | 2>(1);
  const create = useCreateAgent();
  const superAgents = useSuperAgents();
  const percent = t('agents.form.percentInvalid');
  const form = useContractForm({
    schema: CreateAgentForm,
    defaultValues: DEFAULTS,
    // username, commissionPercentage and its minimum: the form's schema words each reason (agent-forms.ts).
    messages: {
      password: t('agents.form.passwordTooShort', { min: PASSWORD_MIN_LENGTH }),
      contact: t('agents.form.tooLong'),
      systemCommissionShare: percent,
      superAgentCommissionRate: percent,
      winningPatterns: t('agents.form.patternsRequired'),
    },
  });
  const [username, password, model, superAgentId, patterns] = form.watch([
    'username',
    'password',
    'financialModel',
    'superAgentId',
    'winningPatterns',
  ]);
  const choices = superAgentChoices(superAgents.data);

  // Each step starts at its first input; the focus never stays on a button that changed its meaning.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    form.setFocus(step === 1 ? 'username' : 'superAgentId');
  }, [step, form.setFocus]);

  async function next() {
    if (await form.trigger([...BASIC_INFO_FIELDS], { shouldFocus: true })) setStep(2);
  }

  const submit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync({
        username: values.username,
        password: values.password,
        contact: values.contact || null,
        financialModel: values.financialModel,
        commissionPercentage: values.commissionPercentage,
        minCommissionPercentage: values.minCommissionPercentage,
        systemCommissionShare:
          values.financialModel === 'commission-share'
            ? values.systemCommissionShare
            : DEFAULT_SYSTEM_COMMISSION_SHARE_PERCENT,
        winningPatterns: values.winningPatterns,
        superAgentId: values.superAgentId || null,
        superAgentCommissionRate: values.superAgentId
          ? values.superAgentCommissionRate
          : DEFAULT_SUPER_AGENT_RATE_PERCENT,
      });
      notify.success(t('agents.form.created'));
      onClose();
    } catch (error) {
      // The message goes under its input, so that input must be on screen first.
      if (error instanceof ApiError && error.field && STEP_ONE.has(error.field)) flushSync(() => setStep(1));
      form.showError(error, i18n.t('agents.form.createFailed'));
    }
  });

  function onSubmit(event: FormEvent) {
    if (step === 2) return submit(event);
    event.preventDefault();
    void next();
  }
  const pending = create.isPending;
  const steps = [t('agents.form.stepBasic'), t('agents.form.stepSuperAgent')];

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !pending && onClose()}
      title={t('agents.form.createTitle')}
      description={t('agents.form.step', { step, total: 2, name: steps[step - 1] })}
      className="sm:max-w-2xl"
      footer={
        step === 1 ? (
          <>
            <Button variant="outline" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button key="next" type="submit" form={formId} disabled={!username.trim() || !password}>
              {t('agents.form.next')}
              <ArrowRight className="size-4" aria-hidden="true" />
            </Button>
          </>
        ) : (
          <>
            <Button variant="outline" onClick={() => setStep(1)} disabled={pending} icon={ArrowLeft}>
              {t('agents.form.back')}
            </Button>
            <Button key="create" type="submit" form={formId} loading={pending}>
              {pending ? t('agents.form.creating') : t('agents.form.create')}
            </Button>
          </>
        )
      }
    >
      <ol className="mb-5 grid grid-cols-2 gap-2" aria-label={t('agents.form.steps')}>
        {steps.map((name, i) => (
          <li
            key={name}
            aria-current={step === i + 1 ? 'step' : undefined}
            className={clsx(
              'flex items-center gap-2 rounded-lg border-b-3 pb-2 text-sm font-semibold',
              step >= i + 1 ? 'border-brand-600 text-brand-700' : 'border-line text-ink-muted',
            )}
          >
            <span
              className={clsx(
                'flex size-6 shrink-0 items-center justify-center rounded-full text-xs',
                step >= i + 1 ? 'bg-brand-600 text-white' : 'bg-line text-ink-muted',
              )}
              aria-hidden="true"
            >
              {i + 1}
            </span>
            <span className="truncate">{name}</span>
          </li>
        ))}
      </ol>

      <form id={formId} onSubmit={onSubmit} noValidate>
        {/* Each step its own inputs (the keys): without them React hands the commission's input to the super
            agent rate in the same place, and the form, which reads an input only when it is new to the field,
            kept sending the rate it held while the box showed the commission (issue 20). */}
        {step === 1 ? (
          <div key="basic" className="grid gap-4 sm:grid-cols-2">
            <AgentField form={form} name="username" />
            <Field
              {...form.field('password')}
              label={t('agents.form.password')}
              hint={t('agents.form.passwordHint', { min: PASSWORD_MIN_LENGTH })}
            >
              <PasswordInput autoComplete="new-password" {...form.input('password')} />
            </Field>
            <AgentField form={form} name="contact" />
            <AgentModelFields form={form} />
            {model === 'commission-share' && <AgentField form={form} name="systemCommissionShare" />}
            <div className="sm:col-span-2">
              <AgentPatternsField form={form} />
            </div>
          </div>
        ) : (
          <div key="superAgent" className="space-y-4">
            <p className="rounded-lg bg-surface-muted px-4 py-3 text-sm text-ink">
              {t('agents.form.summary', {
                name: username.trim(),
                model: t(`agents.models.${model}`),
                count: patterns.length,
              })}
            </p>
            <Field
              {...form.field('superAgentId')}
              label={t('agents.form.superAgent')}
              hint={
                superAgents.isSuccess && choices.length === 0
                  ? t('agents.form.noActiveSuperAgents')
                  : t('agents.form.superAgentHint')
              }
            >
              <Select {...form.input('superAgentId')} disabled={superAgents.isPending}>
                <option value="">{t('agents.list.noSuperAgent')}</option>
                <Options items={choices} text={(s) => s.username} value={(s) => s.id} />
              </Select>
            </Field>
            {superAgents.isPending && (
              <Spinner size="sm" label={t('agents.form.loadingSuperAgents')} className="text-brand-600" />
            )}
            {superAgents.isError && (
              <p role="alert" className="text-sm text-danger-700">
                {t('agents.form.superAgentsFailed')}{' '}
                <Button variant="ghost" size="sm" onClick={() => void superAgents.refetch()}>
                  {t('agents.retry')}
                </Button>
              </p>
            )}
            {superAgentId !== '' && <AgentField form={form} name="superAgentCommissionRate" />}
          </div>
        )}
      </form>
    </Dialog>
  );
}
