import { CARTELA_MAX, CARTELA_MIN } from '@cartela/core';
import { clsx } from 'clsx';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAssignCartelas } from '@/api/cartelas';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { i18n } from '@/i18n';
import { errorText } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { NumberPicker } from './number-picker';

const ALL_NUMBERS = Array.from({ length: CARTELA_MAX - CARTELA_MIN + 1 }, (_, i) => CARTELA_MIN + i);

export interface AssignCartelasDialogProps {
  agentId: string;
  agentName: string;
  /** The numbers the agent already holds: shown, not selectable. */
  held: ReadonlySet<number>;
  onClose: () => void;
}

/**
 * Give an agent cartelas: which card each gets (a fresh balanced one, or the system set's card of that
 * number, as printed), and which numbers of 1-300.
 */
export function AssignCartelasDialog({ agentId, agentName, held, onClose }: AssignCartelasDialogProps) {
  const { t } = useTranslation();
  const name = useId();
  const assign = useAssignCartelas();
  const [balanced, setBalanced] = useState(true);
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const numbers = useMemo(() => [...selected].sort((a, b) => a - b), [selected]);

  async function submit() {
    try {
      await assign.mutateAsync({ agentId, body: { cartelaNumbers: numbers, useBalancedCards: balanced } });
      notify.success(t('agents.assign.done', { count: numbers.length, agent: agentName }));
      onClose();
    } catch (error) {
      notify.error(errorText(error, i18n.t('agents.assign.failed')));
    }
  }

  const types = [
    { value: true, label: t('agents.assign.balanced'), hint: t('agents.assign.balancedHint') },
    { value: false, label: t('agents.assign.global'), hint: t('agents.assign.globalHint') },
  ];

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !assign.isPending && onClose()}
      title={t('agents.assign.title', { agent: agentName })}
      description={t('agents.assign.description')}
      className="sm:max-w-2xl"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={assign.isPending}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void submit()} disabled={numbers.length === 0} loading={assign.isPending}>
            {assign.isPending
              ? t('agents.assign.assigning')
              : t('agents.assign.submit', { count: numbers.length })}
          </Button>
        </>
      }
    >
      <div className="space-y-5">
        <fieldset>
          <legend className="text-sm font-medium text-ink">{t('agents.assign.cardType')}</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {types.map((type) => (
              <label
                key={String(type.value)}
                className={clsx(
                  'flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5 transition-colors',
                  balanced === type.value
                    ? 'border-brand-500 bg-brand-50 ring-1 ring-brand-500'
                    : 'border-line',
                )}
              >
                <input
                  type="radio"
                  name={name}
                  checked={balanced === type.value}
                  onChange={() => setBalanced(type.value)}
                  className="mt-1 size-4 accent-brand-600"
                />
                <span className="min-w-0">
                  <span className="block text-sm font-semibold text-ink">{type.label}</span>
                  <span className="block text-sm text-ink-muted">{type.hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <NumberPicker
          options={ALL_NUMBERS}
          disabled={held}
          disabledHint={t('agents.assign.heldHint', { count: held.size })}
          selected={selected}
          onChange={setSelected}
        />
      </div>
    </Dialog>
  );
}
