import { belowMinimum, ProfileUpdateRequest, type SessionUser } from '@cartela/contract';
import { etbToSantim, gameEconomics, santimToEtb } from '@cartela/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useUpdateProfile } from '@/api/profile';
import { Button } from '@/components/ui/button';
import { FormCard } from '@/components/ui/card';
import { Field } from '@/components/ui/label';
import { NumberInput, numberField } from '@/components/ui/number-input';
import { i18n } from '@/i18n';
import { useContractForm } from '@/lib/form';
import { useFormat } from '@/lib/format';
import { notify } from '@/lib/toast';

/**
 * The contract's rule (0-100), plus the spec's step of 0.1 for an agent's own setting
 * (product/money.md#commission-percentage), from the agent's minimum set by the admin (decision 056; the server
 * refuses below it too).
 */
const commissionForm = (minimum: number) =>
  z.object({
    commissionPercentage: ProfileUpdateRequest.shape.commissionPercentage
      .unwrap()
      .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9)
      .refine((value) => !belowMinimum(value, minimum)),
  });

/** The decimals a percentage has (at most 4), so 12.5 shows as 12.5 and 16.6667 as itself. */
const decimalsOf = (value: number) => (String(value).split('.')[1] ?? '').length;

/** The worked example under the input: a plain game, so the percentage means something in birr. */
const EXAMPLE = { players: 10, stakeEtb: 20 } as const;

/** The agent's own commission percentage, saved with PUT /api/auth/profile {commissionPercentage}. */
export function CommissionCard({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const format = useFormat();
  const update = useUpdateProfile();
  const saved = user.commissionPercentage ?? 0;
  const minimum = user.minCommissionPercentage ?? 0;
  const min = format.number(minimum, decimalsOf(minimum));
  const schema = useMemo(() => commissionForm(minimum), [minimum]);
  const form = useContractForm({
    schema,
    defaultValues: { commissionPercentage: saved },
    messages: { commissionPercentage: t('settings.commission.invalid', { min }) },
  });
  const value = form.watch('commissionPercentage');
  const valid = schema.safeParse({ commissionPercentage: value }).success;
  // Save is off only while nothing changed: pressing it with a refused value says why under the input.
  const changed = !Object.is(value, saved);

  // Money comes from packages/core's rules, never re-derived here.
  const example = valid
    ? gameEconomics({
        stake: etbToSantim(EXAMPLE.stakeEtb),
        players: EXAMPLE.players,
        commissionPercent: value,
      })
    : null;

  const submit = form.handleSubmit(async ({ commissionPercentage }) => {
    try {
      await update.mutateAsync({ commissionPercentage });
      notify.success(t('settings.commission.saved'));
    } catch (error) {
      form.showError(error, i18n.t('settings.commission.saveFailed'));
    }
  });

  return (
    <FormCard
      title={t('settings.commission.title')}
      description={t('settings.commission.description')}
      onSubmit={submit}
      contentClassName="space-y-4"
      footer={
        <Button type="submit" loading={update.isPending} disabled={!changed}>
          {update.isPending ? t('settings.commission.saving') : t('settings.commission.save')}
        </Button>
      }
    >
      <Field
        {...form.field('commissionPercentage')}
        label={t('settings.commission.percentage')}
        hint={t('settings.commission.percentageHint', { min })}
        className="max-w-xs"
      >
        <NumberInput kind="decimal" {...numberField(form, 'commissionPercentage', 'decimal')} />
      </Field>
      {example && (
        <p className="rounded-lg bg-surface-muted px-4 py-3 text-sm text-ink-muted" aria-live="polite">
          {t('settings.commission.example', {
            players: format.number(EXAMPLE.players),
            stake: format.etb(EXAMPLE.stakeEtb),
            total: format.etb(santimToEtb(example.totalAmount)),
            fee: format.etb(santimToEtb(example.agentFee)),
            prize: format.etb(santimToEtb(example.prize)),
          })}
          {user.financialModel === 'virtual-coin' &&
            ` ${t('settings.commission.exampleCoins', { coins: format.number(example.coinCost) })}`}
        </p>
      )}
    </FormCard>
  );
}
