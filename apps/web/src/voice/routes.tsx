import { type ChildPage, lazyPage, type PageEntry } from '@/lib/pages';
import { paths } from '@/lib/paths';

/** The admin's voice packs: a page of its own (joined to the page table in app/features.ts). */
export const pages: PageEntry[] = [
  {
    path: paths.voicePacks,
    access: ['admin'],
    page: lazyPage(
      () => import('./pages/packs/voice-packs-page'),
      (m) => m.VoicePacksPage,
    ),
    menu: { label: 'nav.voicePacks', icon: 'audio-lines', roles: ['admin'], order: 80 },
  },
];

/** Settings > Voice, the agent's choice: a section of the settings layout (joined to it in app/pages.ts). */
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
      () => import('./pages/choice/voice-settings-page'),
      (m) => m.VoiceSettingsPage,
    ),
  },
];
