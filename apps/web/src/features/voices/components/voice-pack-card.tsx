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
import { VoicePreload } from '@/components/voice/voice-preload';
import { VoiceToggle } from '@/components/voice/voice-toggle';
import { errorText } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { rememberVoicePack, useVoice } from '@/lib/voice/use-voice';
import type { VoiceItem } from '@/lib/voice/voice-manager';
import type { AvailableVoicePack } from '@/lib/voice/voice-packs';

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
  const packs = useAvailableVoicePacks();
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
        <Spinner size="lg" label={t('voices.settings.loading')} className="text-brand-600" />
      </Card>
    );
  }
  if (packs.isError) {
    const reason = errorText(packs.error, '');
    return (
      <Alert role="alert" title={t('voices.settings.loadFailed')}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          {reason && <span>{reason}</span>}
          <Button variant="outline" size="sm" onClick={() => void packs.refetch()} loading={packs.isFetching}>
            {!packs.isFetching && <RefreshCw className="size-4" aria-hidden="true" />}
            {t('voices.settings.retry')}
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
      notify.success(t('voices.settings.saved'));
    } catch (error) {
      notify.error(errorText(error, t('voices.settings.saveFailed')));
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
          <CardTitle>{t('voices.settings.title')}</CardTitle>
          <CardDescription>{t('voices.settings.description')}</CardDescription>
        </div>
        <VoiceToggle size="sm" showLabel />
      </CardHeader>
      <CardContent className="space-y-5">
        <Field id={selectId} label={t('voices.settings.pack')} hint={t('voices.settings.packHint')}>
          <Select
            id={selectId}
            aria-describedby={`${selectId}-description`}
            value={chosenId ?? ''}
            onChange={(event) => setChoice(event.target.value)}
          >
            {packs.data.packs.map((pack) => (
              <option key={pack.id} value={pack.id}>
                {pack.kind === 'custom' ? t('voices.settings.custom', { name: pack.name }) : pack.name}
              </option>
            ))}
          </Select>
        </Field>

        {loadedThis && voice.state === 'initialising' && <VoicePreload />}
        {loadedThis && voice.state === 'initialised' && (
          <Alert role="status" tone="success">
            {t('voices.settings.ready', { numbers: NUMBER_MAX, specials })}
          </Alert>
        )}
        {loadedThis && voice.state === 'not-initialised' && (
          <Alert role="status" tone="warning" title={t('voices.settings.incompleteTitle')}>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <span>{t('voices.settings.incomplete', { count: voice.missing.length })}</span>
              {chosen && (
                <Button variant="outline" size="sm" onClick={() => void init(chosen)}>
                  <RefreshCw className="size-4" aria-hidden="true" />
                  {t('voices.settings.loadAgain')}
                </Button>
              )}
            </div>
          </Alert>
        )}

        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-ink">{t('voices.settings.preview')}</legend>
          <p className="text-sm text-ink-muted">
            {voice.muted ? t('voices.settings.previewOff') : t('voices.settings.previewHint')}
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
                {label ?? t('voices.settings.goodBingo')}
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
          {select.isPending ? t('voices.settings.saving') : t('voices.settings.save')}
        </Button>
      </CardFooter>
    </Card>
  );
}
