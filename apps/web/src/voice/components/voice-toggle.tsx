import './i18n';
import { clsx } from 'clsx';
import { Volume2, VolumeX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVoice, useVoiceManager } from '../use-voice';

const SIZES = {
  sm: { box: 'h-9 gap-1.5 px-2.5 text-sm pointer-coarse:h-11', icon: 'size-4' },
  md: { box: 'h-11 gap-2 px-3.5 text-sm', icon: 'size-5' },
  lg: { box: 'h-14 gap-2.5 px-5 text-lg', icon: 'size-6' },
} as const;

export interface VoiceToggleProps {
  size?: keyof typeof SIZES;
  /** Show the word 'Voice' beside the icon (it is always the button's accessible name). */
  showLabel?: boolean;
  className?: string;
}

/**
 * The voice on/off button (product/voices.md#voice-manager): turning it on plays 'everybody jump', and clicks
 * are blocked while that sound is heard; turning it off stops every sound. A toggle button (aria-pressed).
 * Only the toggle's own clip blocks it (decision 082): while the voices load the jingle may not be in yet, or
 * wait behind a ball being spoken, and a button blocked by a sound nobody hears looked broken.
 */
export function VoiceToggle({ size = 'md', showLabel = size !== 'sm', className }: VoiceToggleProps) {
  const { t } = useTranslation();
  const manager = useVoiceManager();
  const { muted, current, setMuted, unlock, everybodyJump } = useVoice();
  const on = !muted;
  // The toggle's own sound: blocked from the click that started it until its clip has ended.
  const [jumping, setJumping] = useState(false);
  const heard = current === 'everybody_jump';
  useEffect(() => {
    if (!heard) setJumping(false);
  }, [heard]);
  const blocked = jumping && heard;

  const click = async () => {
    if (blocked) return;
    if (on) {
      setMuted(true);
      return;
    }
    setMuted(false);
    // The click is the user gesture that lets the browser play sound.
    await unlock();
    everybodyJump();
    setJumping(manager.getSnapshot().current === 'everybody_jump');
  };

  const { box, icon } = SIZES[size];
  const Icon = on ? Volume2 : VolumeX;
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-disabled={blocked || undefined}
      title={blocked ? t('voice.toggle.wait') : on ? t('voice.toggle.turnOff') : t('voice.toggle.turnOn')}
      onClick={() => void click()}
      className={clsx(
        'inline-flex shrink-0 items-center justify-center rounded-lg border font-semibold whitespace-nowrap transition-colors select-none',
        on
          ? 'border-brand-600 bg-brand-600 text-white hover:bg-brand-700'
          : 'border-line-strong bg-surface text-ink-muted hover:bg-surface-muted hover:text-ink',
        blocked && 'cursor-wait opacity-75',
        box,
        className,
      )}
    >
      <Icon className={icon} aria-hidden="true" />
      <span className={showLabel ? undefined : 'sr-only'}>{t('voice.toggle.label')}</span>
    </button>
  );
}
