import { AddCoinsRequest, type Agent } from '@cartela/contract';
import { ArrowRight, Coins } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useAddCoins } from '@/api/agents';
import { Dialog, FormButtons } from '@/components/ui/dialog';
import { NotesInput } from '@/components/ui/input';
import { Field } from '@/components/ui/label';
import { NumberInput, numberField } from '@/components/ui/number-input';
import { i18n } from '@/i18n';
import { useContractForm } from '@/lib/form';
import { useFormat } from '@/lib/format';
import { notify } from '@/lib/toast';

const coins = AddCoinsRequest.shape;
// The contract's rules: ETB paid 0 or more with at most 2 decimals, whole coins from 1; notes optional.
const AddCoinsForm = z.object({
  etbAmount: coins.etbAmount,
  coins: coins.coins,
  notes: coins.notes.unwrap().unwrap(),
});

/**
 * Add Virtual Coins (product/screens.md#add-virtual-coins): what the agent paid in ETB, the coins it gets, and the
 * balance now and after, before anything is saved. The two amounts are independent: their ratio is the
 * admin's price (product/money.md#virtual-coins).
 */
export function AddCoinsDialog({ agent, onClose }: { agent: Agent; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const formId = useId();
  const addCoins = useAddCoins();
  const form = useContractForm({
    schema: AddCoinsForm,
    defaultValues: { notes: '' },
    messages: {
      etbAmount: t('agents.coins.amountInvalid'),
      coins: t('agents.coins.coinsInvalid'),
      notes: t('agents.form.tooLong'),
    },
  });
  const added = form.watch('coins');
  const valid = typeof added === 'number' && Number.isInteger(added) && added >= 1;
  const after = valid ? agent.virtualCoins + added : null;

  const submit = form.handleSubmit(async (values) => {
    try {
      const { agent: updated } = await addCoins.mutateAsync({
        id: agent.id,
        body: { coins: values.coins, etbAmount: values.etbAmount, notes: values.notes || null },
      });
      notify.success(
        t('agents.coins.added', {
          coins: format.number(values.coins),
          amount: format.number(values.etbAmount, 2),
          agent: updated.username,
        }),
      );
      onClose();
    } catch (error) {
      form.showError(error, i18n.t('agents.coins.failed'));
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !addCoins.isPending && onClose()}
      title={t('agents.coins.title')}
      description={t('agents.coins.description', { name: agent.username })}
      footer={
        <FormButtons form={formId} pending={addCoins.isPending} onCancel={onClose}>
          {!addCoins.isPending && <Coins className="size-4" aria-hidden="true" />}
          {addCoins.isPending ? t('agents.coins.adding') : t('agents.coins.submit')}
        </FormButtons>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            {...form.field('etbAmount')}
            label={t('agents.coins.amount')}
            hint={t('agents.coins.amountHint')}
          >
            <NumberInput kind="decimal" {...numberField(form, 'etbAmount', 'decimal')} />
          </Field>
          <Field {...form.field('coins')} label={t('agents.coins.coins')} hint={t('agents.coins.coinsHint')}>
            <NumberInput kind="whole" {...numberField(form, 'coins', 'whole')} />
          </Field>
        </div>
        <Field {...form.field('notes')} label={t('agents.coins.notes')}>
          <NotesInput rows={2} placeholder={t('agents.coins.notesPlaceholder')} {...form.input('notes')} />
        </Field>
        <dl
          className="grid grid-cols-[1fr_auto_1fr] items-center gap-3 rounded-xl bg-coin-50 px-4 py-3 ring-1 ring-coin-500/40 ring-inset"
          aria-live="polite"
        >
          <div>
            <dt className="text-xs font-medium text-coin-800">{t('agents.coins.current')}</dt>
            <dd className="text-lg font-bold text-ink tabular-nums">
              {t('agents.coins.balance', {
                count: agent.virtualCoins,
                value: format.number(agent.virtualCoins),
              })}
            </dd>
          </div>
          <ArrowRight className="size-5 text-coin-800" aria-hidden="true" />
          <div>
            <dt className="text-xs font-medium text-coin-800">{t('agents.coins.new')}</dt>
            <dd className="text-lg font-bold text-ink tabular-nums">
              {after === null
                ? '—'
                : t('agents.coins.balance', { count: after, value: format.number(after) })}
            </dd>
          </div>
        </dl>
      </form>
    </Dialog>
  );
}
