import { type ChildPage, lazyPage } from '@/lib/pages';
import { paths } from '@/lib/paths';

/** Settings > Voice: a section of the settings layout (joined to it in app/pages.ts). */
export const settingsSections: ChildPage[] = [
  {
    path: paths.settingsVoice,
    // The voice pack is an agent's.
    section: {
      label: 'settings.voiceNav',
      description: 'settings.voiceCard',
      icon: 'volume',
      roles: ['agent'],
      order: 30,
    },
    page: lazyPage(
      () => import('./pages/voice-settings-page'),
      (m) => m.VoiceSettingsPage,
    ),
  },
];
