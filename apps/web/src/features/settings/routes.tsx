import { lazyPage, type PageEntry } from '@/lib/pages';
import { paths } from '@/lib/paths';

export const pages: PageEntry[] = [
  {
    path: paths.settings,
    access: 'login',
    page: lazyPage(
      () => import('./pages/settings-layout'),
      (m) => m.SettingsLayout,
    ),
    menu: { label: 'nav.settings', icon: 'settings', roles: ['admin', 'agent'], order: 90 },
    children: [
      {
        index: true,
        page: lazyPage(
          () => import('./pages/settings-index-page'),
          (m) => m.SettingsIndexPage,
        ),
      },
      {
        path: paths.settingsProfile,
        page: lazyPage(
          () => import('./pages/profile-page'),
          (m) => m.ProfilePage,
        ),
      },
      {
        path: paths.settingsCommission,
        page: lazyPage(
          () => import('./pages/commission-settings-page'),
          (m) => m.CommissionSettingsPage,
        ),
      },
      { path: `${paths.settings}/*`, redirect: paths.settings },
    ],
  },
];
