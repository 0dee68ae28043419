import { ADMIN_OR_AGENT, lazyPage, type PageEntry } from '@/lib/pages';
import { paths } from '@/lib/paths';

export const pages: PageEntry[] = [
  {
    path: paths.settings,
    access: ADMIN_OR_AGENT,
    page: lazyPage(() => import('./pages/settings-layout'), 'SettingsLayout'),
    menu: { label: 'nav.settings', icon: 'settings', roles: ['admin', 'agent'], order: 90 },
    children: [
      {
        index: true,
        page: lazyPage(() => import('./pages/settings-index-page'), 'SettingsIndexPage'),
      },
      {
        path: paths.settingsProfile,
        section: {
          label: 'settings.profileNav',
          description: 'settings.profileCard',
          icon: 'user-round',
          roles: ADMIN_OR_AGENT,
          order: 10,
        },
        page: lazyPage(() => import('./pages/profile-page'), 'ProfilePage'),
      },
      {
        path: paths.settingsCommission,
        section: {
          label: 'settings.commissionNav',
          description: 'settings.commissionCard',
          icon: 'percent',
          roles: ADMIN_OR_AGENT,
          order: 20,
        },
        page: lazyPage(() => import('./pages/commission-settings-page'), 'CommissionSettingsPage'),
      },
      { path: `${paths.settings}/*`, redirect: paths.settings },
    ],
  },
];
