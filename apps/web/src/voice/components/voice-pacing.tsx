import './i18n';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '@/components/ui/select';
import { useVoice } from '../use-voice';
import { type VoicePacing as Pacing, VOICE_PACINGS } from '../voice-manager';

/**
 * The device's voice pacing (product/voices.md#voice-pacing, decision 082): 'Wait for the voice' holds Call Next
 * while the ball is spoken, 'Skip to the current ball' never holds it and cuts an older ball short. Remembered on
 * the device, like the voice toggle.
 */
export function VoicePacing({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { pacing, setPacing } = useVoice();
  const id = useId();
  return (
    <div className={className ?? 'space-y-1.5'}>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {t('voice.pacing.label')}
      </label>
      <Select
        id={id}
        value={pacing}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setPacing(event.target.value as Pacing)}
      >
        {VOICE_PACINGS.map((value) => (
          <option key={value} value={value}>
            {t(`voice.pacing.${value}`)}
          </option>
        ))}
      </Select>
      <p id={`${id}-hint`} className="text-xs text-ink-muted">
        {t(`voice.pacing.${pacing}Hint`)}
      </p>
    </div>
  );
}
