import { type ChildPage, lazyPage } from '@/lib/pages';
import { paths } from '@/lib/paths';

/** Settings > Voice: a section of the settings layout (joined to it in app/pages.ts). */
export const settingsSections: ChildPage[] = [
  {
    path: paths.settingsVoice,
    page: lazyPage(
      () => import('./pages/voice-settings-page'),
      (m) => m.VoiceSettingsPage,
    ),
  },
];
