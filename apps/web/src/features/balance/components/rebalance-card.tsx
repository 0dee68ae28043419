import { RebalanceRequest } from '@cartela/contract';
import { Scale } from 'lucide-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useRebalance } from '@/api/cartelas';
import { Button } from '@/components/ui/button';
import { FormCard } from '@/components/ui/card';
import { Field } from '@/components/ui/label';
import { Options, Select } from '@/components/ui/select';
import { useContractForm } from '@/lib/form';
import { useFormat } from '@/lib/format';
import { notify } from '@/lib/toast';

// The contract's ranges; the spec's steps (0.1 and 0.05) are the choices of the two lists below.
const RebalanceForm = z.object({
  targetBalance: RebalanceRequest.shape.targetBalance.unwrap(),
  tolerance: RebalanceRequest.shape.tolerance.unwrap(),
});
const TARGETS = Array.from({ length: 11 }, (_, i) => i / 10);
const TOLERANCES = Array.from({ length: 6 }, (_, i) => ((i + 1) * 5) / 100);

export interface RebalanceCardProps {
  /** Another balance action is running: wait for it. */
  disabled: boolean;
  /** The card, so a recommendation's "Rebalance" can bring it into view. */
  ref?: Ref<HTMLDivElement>;
}

/**
 * Target and tolerance as lists rather than free numbers: the spec's steps leave 11 and 6 values, a phone's
 * picker shows them all, and no value the server would refuse can be typed.
 */
export function RebalanceCard({ disabled, ref }: RebalanceCardProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const rebalance = useRebalance();
  const form = useContractForm({
    schema: RebalanceForm,
    defaultValues: { targetBalance: 0.5, tolerance: 0.1 },
    messages: { targetBalance: t('balance.rebalance.invalid'), tolerance: t('balance.rebalance.invalid') },
  });
  const asNumber = { setValueAs: (value: unknown) => Number(value) };

  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await rebalance.mutateAsync(values);
      notify.success(t('balance.rebalance.done', { count: result.regenerated }));
    } catch (error) {
      notify.failure(t('balance.rebalance.failed'), error);
    }
  });

  return (
    <FormCard
      ref={ref}
      id="rebalance"
      className="scroll-mt-24"
      title={t('balance.rebalance.title')}
      description={t('balance.rebalance.description')}
      onSubmit={submit}
      contentClassName="grid grid-cols-2 gap-4"
      footer={
        <Button
          type="submit"
          loading={rebalance.isPending}
          disabled={disabled}
          fullWidth
          className="sm:w-auto"
          icon={Scale}
        >
          {rebalance.isPending ? t('balance.rebalance.submitting') : t('balance.rebalance.submit')}
        </Button>
      }
    >
      <Field
        {...form.field('targetBalance')}
        label={t('balance.rebalance.target')}
        hint={t('balance.rebalance.targetHint')}
      >
        <Select {...form.input('targetBalance')} {...form.register('targetBalance', asNumber)}>
          <Options items={TARGETS} text={(value) => format.number(value, 1)} />
        </Select>
      </Field>
      <Field
        {...form.field('tolerance')}
        label={t('balance.rebalance.tolerance')}
        hint={t('balance.rebalance.toleranceHint')}
      >
        <Select {...form.input('tolerance')} {...form.register('tolerance', asNumber)}>
          <Options items={TOLERANCES} text={(value) => `± ${format.number(value, 2)}`} />
        </Select>
      </Field>
    </FormCard>
  );
}
