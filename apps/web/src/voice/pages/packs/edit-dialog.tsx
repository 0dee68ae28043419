import type { VoicePack } from '@cartela/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAgentUsers } from '@/api/agents';
import { useUpdateVoicePack } from '@/api/voice-packs';
import { Alert } from '@/components/ui/alert';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { ApiError } from '@/lib/api';
import { errorText } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { PackFormDialog, packNameError } from './pack-form';

type Offer = 'all' | 'chosen';

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

function AgentChecklist({ chosen, onChange }: { chosen: string[]; onChange: (ids: string[]) => void }) {
  const { t } = useTranslation();
  const agents = useAgentUsers();
  if (agents.isPending) {
    return <Spinner size="sm" label={t('voicePacks.editForm.agentsLoading')} className="text-brand-600" />;
  }
  if (agents.isError) {
    return <Alert role="alert">{errorText(agents.error, t('voicePacks.editForm.agentsFailed'))}</Alert>;
  }
  if (agents.data.length === 0)
    return <p className="text-sm text-ink-muted">{t('voicePacks.editForm.noAgents')}</p>;
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...chosen, id] : chosen.filter((other) => other !== id));
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-ink">{t('voicePacks.editForm.agentsLabel')}</legend>
      <p className="text-xs text-ink-muted" aria-live="polite">
        {t('voicePacks.editForm.chosen', { count: chosen.length })}
      </p>
      <ul className="max-h-56 space-y-1 overflow-y-auto rounded-lg border border-line p-2">
        {agents.data.map((agent) => (
          <li key={agent.id}>
            <label className="flex cursor-pointer items-center gap-2 rounded px-2 py-1 text-sm hover:bg-neutral-50">
              <input
                type="checkbox"
                className="size-4 accent-brand-600"
                checked={chosen.includes(agent.id)}
                onChange={(event) => toggle(agent.id, event.target.checked)}
              />
              <span className="text-ink">{agent.username}</span>
              {!agent.isActive && (
                <span className="text-xs text-ink-subtle">({t('voicePacks.editForm.inactiveAgent')})</span>
              )}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** Rename a pack, offer it to all agents or to chosen ones, turn it on or off. Mounted open. */
export function EditDialog({ pack, onClose }: { pack: VoicePack; onClose: () => void }) {
  const { t } = useTranslation();
  const offerName = useId();
  const activeId = useId();
  const activeHintId = useId();
  const update = useUpdateVoicePack();
  const [name, setName] = useState(pack.name);
  const [isActive, setIsActive] = useState(pack.isActive);
  const [offer, setOffer] = useState<Offer>(pack.offeredTo === 'all' ? 'all' : 'chosen');
  const initialAgents = pack.offeredTo === 'all' ? [] : pack.offeredTo.agentIds;
  const [agentIds, setAgentIds] = useState<string[]>(initialAgents);
  const [nameError, setNameError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const pending = update.isPending;

  const submit = async () => {
    setFailure(null);
    const trimmed = name.trim();
    const problem = packNameError(t, name);
    setNameError(problem);
    if (problem) return;
    const offerChanged =
      offer === 'all'
        ? pack.offeredTo !== 'all'
        : pack.offeredTo === 'all' || !sameSet(agentIds, initialAgents);
    const body = {
      ...(trimmed !== pack.name ? { name: trimmed } : {}),
      ...(isActive !== pack.isActive ? { isActive } : {}),
      ...(offerChanged ? { offeredTo: offer === 'all' ? ('all' as const) : { agentIds } } : {}),
    };
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    try {
      const { pack: updated } = await update.mutateAsync({ id: pack.id, body });
      notify.success(t('voicePacks.editForm.updated', { name: updated.name }));
      onClose();
    } catch (error) {
      const text = errorText(error, t('voicePacks.editForm.failed'));
      if (error instanceof ApiError && error.field === 'name') setNameError(text);
      else setFailure(text);
    }
  };

  return (
    <PackFormDialog
      title={t('voicePacks.editForm.title', { name: pack.name })}
      description={t('voicePacks.editForm.description')}
      submitLabel={pending ? t('voicePacks.editForm.saving') : t('voicePacks.editForm.save')}
      pending={pending}
      failure={failure}
      failureTitle={t('voicePacks.editForm.failed')}
      name={{
        label: t('voicePacks.editForm.name'),
        error: nameError,
        value: name,
        onChange: (event) => setName(event.target.value),
      }}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <div className="flex items-start justify-between gap-4">
        <div>
          <Label htmlFor={activeId}>{t('voicePacks.editForm.active')}</Label>
          <p id={activeHintId} className="text-sm text-ink-muted">
            {t('voicePacks.editForm.activeHint')}
          </p>
        </div>
        <Switch
          id={activeId}
          checked={isActive}
          onChange={(event) => setIsActive(event.target.checked)}
          aria-describedby={activeHintId}
        />
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-ink">{t('voicePacks.editForm.offer')}</legend>
        <div className="flex flex-wrap gap-4">
          {(['all', 'chosen'] as const).map((value) => (
            <label key={value} className="flex cursor-pointer items-center gap-2 text-sm text-ink">
              <input
                type="radio"
                name={offerName}
                className="size-4 accent-brand-600"
                checked={offer === value}
                onChange={() => setOffer(value)}
              />
              {value === 'all' ? t('voicePacks.editForm.offerAll') : t('voicePacks.editForm.offerChosen')}
            </label>
          ))}
        </div>
      </fieldset>
      {offer === 'chosen' && <AgentChecklist chosen={agentIds} onChange={setAgentIds} />}
    </PackFormDialog>
  );
}
