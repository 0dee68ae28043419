import type { AvailableVoicePack } from '@cartela/contract';
import { NUMBER_MAX } from '@cartela/core';
import { Play, RefreshCw } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAvailableVoicePacks } from '@/api/voice-choice';
import { useSelectVoicePack } from '@/api/voice-packs';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/errors';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { VoicePacing } from '../../components/voice-pacing';
import { VoicePreload } from '../../components/voice-preload';
import { VoiceToggle } from '../../components/voice-toggle';
import { rememberVoicePack, useVoice } from '../../use-voice';
import type { VoiceItem } from '../../voice-manager';

/** A few calls to listen to: one of each end of the board, and good bingo. */
const PREVIEWS: ReadonlyArray<{ label: string | null; item: VoiceItem }> = [
  { label: 'B-1', item: 1 },
  { label: 'N-42', item: 42 },
  { label: 'O-75', item: 75 },
  { label: null, item: 'good_bingo' },
];

/**
 * Settings > Voice: the agent picks its pack among those offered, hears it (the pack shown is loaded at once,
 * with its progress) and saves it.
 */
export function VoicePackCard() {
  const { t } = useTranslation();
  const packs = useAvailableVoicePacks(useSession().user?.language);
  const select = useSelectVoicePack();
  const voice = useVoice();
  const selectId = useId();
  const [choice, setChoice] = useState<string | null>(null);

  const selected = packs.data?.selected ?? null;
  const chosenId = choice ?? selected;
  const chosen = packs.data?.packs.find((p) => p.id === chosenId);
  const { init } = voice;
  // By value: a refetch gives a new object for the same pack.
  const chosenKey = chosen ? JSON.stringify(chosen) : null;
  useEffect(() => {
    if (chosenKey) void init(JSON.parse(chosenKey) as AvailableVoicePack);
  }, [init, chosenKey]);

  if (packs.isPending) {
    return (
      <Card className="flex justify-center py-16 text-ink-muted">
        <Spinner size="lg" label={t('voiceChoice.settings.loading')} className="text-brand-600" />
      </Card>
    );
  }
  if (packs.isError) {
    const reason = errorText(packs.error, '');
    return (
      <Alert role="alert" title={t('voiceChoice.settings.loadFailed')}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          {reason && <span>{reason}</span>}
          <Button variant="outline" size="sm" onClick={() => void packs.refetch()} loading={packs.isFetching}>
            {!packs.isFetching && <RefreshCw className="size-4" aria-hidden="true" />}
            {t('voiceChoice.settings.retry')}
          </Button>
        </div>
      </Alert>
    );
  }

  const save = async () => {
    if (!chosen) return;
    try {
      await select.mutateAsync(chosen.id);
      rememberVoicePack(chosen);
      setChoice(null);
      notify.success(t('voiceChoice.settings.saved'));
    } catch (error) {
      notify.error(errorText(error, t('voiceChoice.settings.saveFailed')));
    }
  };

  const preview = async (item: VoiceItem) => {
    await voice.unlock();
    // A preview replaces the one playing: the agent is trying sounds, not running a round (decision 060).
    voice.stopAll();
    if (item === 'good_bingo') voice.goodBingo();
    else voice.playSequence([item]);
  };

  const loadedThis = voice.pack?.id === chosen?.id && voice.pack?.version === chosen?.version;
  const specials =
    voice.progress.total - NUMBER_MAX - voice.missing.filter((f) => !/-voices\//.test(f)).length;

  return (
    <Card>
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <CardTitle>{t('voiceChoice.settings.title')}</CardTitle>
          <CardDescription>{t('voiceChoice.settings.description')}</CardDescription>
        </div>
        <VoiceToggle size="sm" showLabel />
      </CardHeader>
      <CardContent className="space-y-5">
        <Field id={selectId} label={t('voiceChoice.settings.pack')} hint={t('voiceChoice.settings.packHint')}>
          <Select
            id={selectId}
            aria-describedby={`${selectId}-description`}
            value={chosenId ?? ''}
            onChange={(event) => setChoice(event.target.value)}
          >
            {packs.data.packs.map((pack) => (
              <option key={pack.id} value={pack.id}>
                {pack.kind === 'custom' ? t('voiceChoice.settings.custom', { name: pack.name }) : pack.name}
              </option>
            ))}
          </Select>
        </Field>

        {loadedThis && voice.state === 'initialising' && <VoicePreload />}
        {loadedThis && voice.state === 'initialised' && (
          <Alert role="status" tone="success">
            {t('voiceChoice.settings.ready', { numbers: NUMBER_MAX, specials })}
          </Alert>
        )}
        {loadedThis && voice.state === 'not-initialised' && (
          <Alert role="status" tone="warning" title={t('voiceChoice.settings.incompleteTitle')}>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <span>{t('voiceChoice.settings.incomplete', { count: voice.missing.length })}</span>
              {chosen && (
                <Button variant="outline" size="sm" onClick={() => void init(chosen)}>
                  <RefreshCw className="size-4" aria-hidden="true" />
                  {t('voiceChoice.settings.loadAgain')}
                </Button>
              )}
            </div>
          </Alert>
        )}

        <VoicePacing className="max-w-sm space-y-1.5" />

        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-ink">{t('voiceChoice.settings.preview')}</legend>
          <p className="text-sm text-ink-muted">
            {voice.muted ? t('voiceChoice.settings.previewOff') : t('voiceChoice.settings.previewHint')}
          </p>
          <div className="flex flex-wrap gap-2">
            {PREVIEWS.map(({ label, item }) => (
              <Button
                key={String(item)}
                variant="outline"
                size="sm"
                disabled={voice.muted || !loadedThis || voice.state === 'initialising'}
                onClick={() => void preview(item)}
              >
                <Play className="size-4" aria-hidden="true" />
                {label ?? t('voiceChoice.settings.goodBingo')}
              </Button>
            ))}
          </div>
        </fieldset>
      </CardContent>
      <CardFooter>
        <Button
          onClick={() => void save()}
          loading={select.isPending}
          disabled={!chosen || chosenId === selected}
        >
          {select.isPending ? t('voiceChoice.settings.saving') : t('voiceChoice.settings.save')}
        </Button>
      </CardFooter>
    </Card>
  );
}
