import { Ban, Minus, Plus, Settings, X } from 'lucide-react';
import { type MouseEvent, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { paths } from '@/lib/paths';
import { VoicePacing } from '@/voice/components/voice-pacing';
import { VoiceToggle } from '@/voice/components/voice-toggle';
import { useVoice } from '@/voice/use-voice';
import { CALLING_SPEEDS_MS } from '../utils';
import { SHORTCUT_KEYS } from './use-room-shortcuts';

const VOLUME_STEP = 0.1;
const round = (v: number) => Math.round(v * 10) / 10;

/**
 * The floating settings panel (product/screens.md#settings-panel): volume (slider, mute, plus/minus), the voice
 * pacing, calling speed, show/hide header, Start New Game, the keyboard shortcuts, and Cancel game while it may be cancelled. Not
 * modal: the room stays in reach beside it.
 */
export function SettingsPanel({
  open,
  onOpenChange,
  speedMs,
  onSpeedChange,
  headerShown,
  onHeaderShownChange,
  onCancelGame,
  onLeave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  speedMs: number;
  onSpeedChange: (ms: number) => void;
  headerShown: boolean;
  onHeaderShownChange: (shown: boolean) => void;
  /** 'Cancel game', offered while the game runs without a confirmed winner (absent otherwise). */
  onCancelGame?: () => void;
  /** Start New Game leaves the room: asked first while the game runs (the room's Back, decision 085). */
  onLeave?: (event: MouseEvent) => void;
}) {
  const { t } = useTranslation();
  const voice = useVoice();
  const ids = { volume: useId(), speed: useId(), header: useId(), panel: useId() };

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onOpenChange(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onOpenChange]);

  return (
    // On a phone the button sits in the page's flow below the controls (fixed, it covered Fullscreen: issue 19),
    // and the panel opens as a sheet fixed to the screen's bottom edge, in view wherever the page is scrolled
    // (in the flow it opened below the fold: decision 085).
    <div className="fixed right-4 bottom-4 z-40 flex flex-col items-end gap-3 max-sm:static max-sm:mt-3">
      {open && (
        <section
          id={ids.panel}
          aria-label={t('room.settings.title')}
          className="max-h-[calc(100dvh-6rem)] w-[min(22rem,calc(100vw-2rem))] space-y-4 overflow-y-auto rounded-2xl bg-surface p-4 shadow-raised ring-1 ring-line max-sm:fixed max-sm:inset-x-0 max-sm:bottom-0 max-sm:z-50 max-sm:max-h-[75dvh] max-sm:w-full max-sm:rounded-b-none max-sm:pb-[max(1rem,env(safe-area-inset-bottom))]"
        >
          <div className="flex items-center justify-between">
            <h2 className="font-semibold text-ink">{t('room.settings.title')}</h2>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('common.close')}
              onClick={() => onOpenChange(false)}
            >
              <X className="size-5" aria-hidden="true" />
            </Button>
          </div>

          <div className="space-y-2">
            <label htmlFor={ids.volume} className="block text-sm font-medium text-ink">
              {t('room.settings.volume')}{' '}
              <span className="text-ink-muted tabular-nums">{Math.round(voice.volume * 100)}%</span>
            </label>
            <div className="flex items-center gap-2">
              <VoiceToggle size="sm" />
              <Button
                variant="outline"
                size="icon"
                aria-label={t('room.settings.quieter')}
                disabled={voice.volume <= 0}
                onClick={() => voice.setVolume(round(Math.max(0, voice.volume - VOLUME_STEP)))}
              >
                <Minus className="size-4" aria-hidden="true" />
              </Button>
              <input
                id={ids.volume}
                type="range"
                min={0}
                max={1}
                step={VOLUME_STEP}
                value={voice.volume}
                onChange={(event) => voice.setVolume(Number(event.target.value))}
                className="h-11 min-w-0 flex-1 accent-brand-600"
              />
              <Button
                variant="outline"
                size="icon"
                aria-label={t('room.settings.louder')}
                disabled={voice.volume >= 1}
                onClick={() => voice.setVolume(round(Math.min(1, voice.volume + VOLUME_STEP)))}
              >
                <Plus className="size-4" aria-hidden="true" />
              </Button>
            </div>
          </div>

          {/* Whether Call Next waits for the ball to be heard (decision 082): this device's choice. */}
          <VoicePacing />

          <div className="space-y-1.5">
            <label htmlFor={ids.speed} className="block text-sm font-medium text-ink">
              {t('room.settings.speed')}
            </label>
            <Select
              id={ids.speed}
              value={speedMs}
              onChange={(event) => onSpeedChange(Number(event.target.value))}
            >
              {CALLING_SPEEDS_MS.map((ms) => (
                <option key={ms} value={ms}>
                  {t('room.settings.seconds', { count: ms / 1000 })}
                </option>
              ))}
            </Select>
          </div>

          <div className="flex items-center justify-between gap-3">
            <label htmlFor={ids.header} className="text-sm font-medium text-ink">
              {t('room.settings.header')}
            </label>
            <Switch
              id={ids.header}
              checked={headerShown}
              onChange={(event) => onHeaderShownChange(event.target.checked)}
            />
          </div>

          <div className="space-y-1.5">
            <h3 className="text-sm font-medium text-ink">{t('room.settings.shortcuts')}</h3>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              {SHORTCUT_KEYS.map(({ keys, action }) => (
                <div key={action} className="contents">
                  <dt>
                    <kbd className="rounded border border-line-strong bg-surface-muted px-1.5 py-0.5 font-mono text-xs">
                      {keys}
                    </kbd>
                  </dt>
                  <dd className="text-ink-muted">{t(`room.settings.keys.${KEY_TEXT[action]}`)}</dd>
                </div>
              ))}
            </dl>
          </div>

          <Link
            to={paths.games}
            onClick={onLeave}
            className={buttonClasses({ variant: 'secondary', fullWidth: true })}
          >
            {t('room.settings.newGame')}
          </Link>
          {onCancelGame && (
            <Button
              variant="outline"
              fullWidth
              className="border-danger-200 text-danger-700 hover:bg-danger-50"
              onClick={onCancelGame}
            >
              <Ban className="size-4" aria-hidden="true" />
              {t('room.settings.cancelGame')}
            </Button>
          )}
        </section>
      )}
      <Button
        size="icon"
        className="size-14 rounded-full shadow-raised"
        aria-label={t('room.settings.open')}
        aria-expanded={open}
        aria-controls={open ? ids.panel : undefined}
        onClick={() => onOpenChange(!open)}
      >
        <Settings className="size-6" aria-hidden="true" />
      </Button>
    </div>
  );
}

const KEY_TEXT = {
  callNext: 'call',
  pauseResume: 'pause',
  auto: 'auto',
  validate: 'validate',
  fullscreen: 'fullscreen',
  header: 'header',
  siteHeader: 'siteHeader',
  settings: 'settings',
} as const;
