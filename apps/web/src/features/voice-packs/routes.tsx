import { lazyPage, type PageEntry } from '@/lib/pages';
import { paths } from '@/lib/paths';

export const pages: PageEntry[] = [
  {
    path: paths.voicePacks,
    access: ['admin'],
    page: lazyPage(
      () => import('./pages/voice-packs-page'),
      (m) => m.VoicePacksPage,
    ),
    menu: { label: 'nav.voicePacks', icon: 'audio-lines', roles: ['admin'], order: 80 },
  },
];
