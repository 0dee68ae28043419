import { Maximize, Minimize } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Fullscreen on and off (Fullscreen API); nothing where the browser does not allow it. */
export function FullscreenButton() {
  const { t } = useTranslation();
  const [on, setOn] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const update = () => setOn(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  if (!document.fullscreenEnabled) return null;
  const Icon = on ? Minimize : Maximize;
  const toggle = () =>
    void (on ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch((error) =>
      console.warn('Fullscreen refused', error),
    );
  return (
    <button
      type="button"
      onClick={toggle}
      className="inline-flex items-center gap-[calc(var(--u)*0.5)] rounded-[calc(var(--u)*0.6)] bg-white/10 px-[calc(var(--u)*1)] py-[calc(var(--u)*0.5)] font-semibold text-[calc(var(--u)*1.1)] hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white"
    >
      <Icon aria-hidden className="size-[calc(var(--u)*1.3)]" />
      {on ? t('roomDisplay.exitFullscreen') : t('roomDisplay.fullscreen')}
    </button>
  );
}
