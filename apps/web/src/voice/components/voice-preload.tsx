import './i18n';
import { clsx } from 'clsx';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useVoice } from '../use-voice';

/** The loading screen's voice part: 'Preloading voices...', the real count of files, and a progress bar. */
export function VoicePreload({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { progress } = useVoice();
  const id = useId();
  const { loaded, total } = progress;
  const percent = total > 0 ? Math.round((loaded / total) * 100) : 0;
  const count = t('voice.preload.count', { loaded, total });
  return (
    <div className={clsx('w-full max-w-sm space-y-2', className)}>
      <p id={id} className="text-sm font-medium text-ink">
        {t('voice.preload.title')}
      </p>
      <div
        role="progressbar"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={loaded}
        aria-valuetext={count}
        className="h-2 overflow-hidden rounded-full bg-surface-muted"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-sm text-ink-muted tabular-nums">{count}</p>
    </div>
  );
}
