import type { FinancialModel, SuperAgent } from '@cartela/contract';
import { clsx } from 'clsx';
import { type ComponentProps, useId } from 'react';
import type { Path, PathValue, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ContactInput, Input } from '@/components/ui/input';
import { Field, fieldDescriptionId } from '@/components/ui/label';
import { NumberInput, numberField } from '@/components/ui/number-input';
import type { ContractForm } from '@/lib/form';
import { PATTERN_IDS, usePatternName } from '../utils/patterns';

const MODELS: readonly FinancialModel[] = ['virtual-coin', 'commission-share'];

/** Virtual coins or commission share, each with what it means for the agent's money. */
export function FinancialModelField({
  registration,
  value,
}: {
  registration: UseFormRegisterReturn;
  value: FinancialModel;
}) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-ink">{t('agents.form.financialModel')}</legend>
      <div className="mt-1.5 grid gap-2 sm:grid-cols-2">
        {MODELS.map((model) => (
          <label
            key={model}
            className={clsx(
              'flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5 transition-colors',
              value === model ? 'border-brand-500 bg-brand-50 ring-1 ring-brand-500' : 'border-line',
            )}
          >
            <input type="radio" value={model} className="mt-1 size-4 accent-brand-600" {...registration} />
            <span className="min-w-0">
              <span className="block text-sm font-semibold text-ink">{t(`agents.models.${model}`)}</span>
              <span className="block text-sm text-ink-muted">{t(`agents.form.modelHint.${model}`)}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The agent's winning patterns, all 19 of packages/core, with 'all' and 'none'. */
export function PatternsField({
  registration,
  error,
  count,
  onAll,
  onNone,
}: {
  registration: UseFormRegisterReturn;
  error?: string;
  count: number;
  onAll: () => void;
  onNone: () => void;
}) {
  const { t } = useTranslation();
  const patternName = usePatternName();
  const id = useId();
  return (
    <fieldset aria-describedby={error ? fieldDescriptionId(id) : undefined}>
      <legend className="sr-only">{t('agents.form.patterns')}</legend>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p aria-hidden="true" className="text-sm font-medium text-ink">
          {t('agents.form.patterns')}{' '}
          <span className="font-normal text-ink-muted">
            {t('agents.form.patternsCount', { count, total: PATTERN_IDS.length })}
          </span>
        </p>
        <div className="flex gap-1">
          <Button variant="ghost" size="sm" onClick={onAll}>
            {t('agents.form.patternsAll')}
          </Button>
          <Button variant="ghost" size="sm" onClick={onNone}>
            {t('agents.form.patternsNone')}
          </Button>
        </div>
      </div>
      <div className="mt-1.5 grid max-h-56 grid-cols-1 gap-x-4 gap-y-1 overflow-y-auto rounded-lg border border-line p-3 sm:grid-cols-2">
        {PATTERN_IDS.map((pattern) => (
          <label key={pattern} className="flex min-h-9 cursor-pointer items-center gap-2.5 text-sm text-ink">
            <input
              type="checkbox"
              value={pattern}
              className="size-4 shrink-0 accent-brand-600"
              {...registration}
            />
            {patternName(pattern)}
          </label>
        ))}
      </div>
      {error && (
        <p id={fieldDescriptionId(id)} className="mt-1.5 text-sm text-danger-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The super agent choices: 'No Super Agent', then the active ones (and the agent's current one, even if not). */
export function superAgentChoices(superAgents: readonly SuperAgent[] | undefined, currentId?: string | null) {
  return (superAgents ?? []).filter((s) => s.isActive || s.id === currentId);
}

/** A percentage input (0-100): the shared number input, its text kept as typed (decision 061). */
export function PercentInput(props: ComponentProps<'input'>) {
  return <NumberInput kind="decimal" className="max-w-36" {...props} />;
}

/** The fields Create Agent and Edit Agent have alike: the same names, the same rules (agent-forms.ts). */
interface SharedAgentValues {
  username: string;
  contact: string;
  commissionPercentage: number;
  minCommissionPercentage: number;
  systemCommissionShare: number;
  superAgentCommissionRate: number;
  winningPatterns: string[];
}

/** Each percentage's label and hint. */
const PERCENTS = {
  commissionPercentage: ['agents.form.commission', 'agents.form.commissionHint'],
  minCommissionPercentage: ['agents.form.minCommission', 'agents.form.minCommissionHint'],
  systemCommissionShare: ['agents.form.systemShare', 'agents.form.systemShareHint'],
  superAgentCommissionRate: ['agents.form.superAgentRate', 'agents.form.superAgentRateHint'],
} as const;

type AgentFieldName = 'username' | 'contact' | keyof typeof PERCENTS;

/** One field both agent dialogs show alike, on either dialog's form. */
export function AgentField<V extends SharedAgentValues, T>({
  form,
  name,
}: {
  form: ContractForm<V, T>;
  name: AgentFieldName;
}) {
  const { t } = useTranslation();
  const path = name as Path<V>;
  if (name === 'username') {
    return (
      <Field {...form.field(path)} label={t('agents.form.username')}>
        <Input
          type="text"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={64}
          {...form.input(path)}
        />
      </Field>
    );
  }
  if (name === 'contact') {
    return (
      <Field {...form.field(path)} label={t('agents.form.contact')} className="sm:col-span-2">
        <ContactInput placeholder={t('agents.form.contactPlaceholder')} {...form.input(path)} />
      </Field>
    );
  }
  const [label, hint] = PERCENTS[name];
  return (
    <Field {...form.field(path)} label={t(label)} hint={t(hint)}>
      <PercentInput {...numberField(form, path, 'decimal')} />
    </Field>
  );
}

/** The financial model, the commission and its minimum, on either dialog's form. */
export function AgentModelFields<V extends SharedAgentValues & { financialModel: FinancialModel }, T>({
  form,
}: {
  form: ContractForm<V, T>;
}) {
  const path = 'financialModel' as Path<V>;
  return (
    <>
      <div className="sm:col-span-2">
        <FinancialModelField registration={form.register(path)} value={form.watch(path) as FinancialModel} />
      </div>
      <AgentField form={form} name="commissionPercentage" />
      <AgentField form={form} name="minCommissionPercentage" />
    </>
  );
}

/** The agent's winning patterns on either dialog's form, with 'all' and 'none'. */
export function AgentPatternsField<V extends SharedAgentValues, T>({ form }: { form: ContractForm<V, T> }) {
  const path = 'winningPatterns' as Path<V>;
  const patterns = form.watch(path) as readonly string[] | undefined;
  return (
    <PatternsField
      registration={form.register(path)}
      error={form.field(path).error}
      count={patterns?.length ?? 0}
      onAll={() => form.setValue(path, [...PATTERN_IDS] as PathValue<V, Path<V>>, { shouldValidate: true })}
      onNone={() => form.setValue(path, [] as PathValue<V, Path<V>>)}
    />
  );
}
