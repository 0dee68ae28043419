import { lazyPage, type PageEntry } from '@/lib/pages';
import { paths } from '@/lib/paths';

export const pages: PageEntry[] = [
  {
    path: paths.superAgentManagement,
    access: ['admin'],
    page: lazyPage(() => import('./pages/super-agent-management-page'), 'SuperAgentManagementPage'),
    menu: { label: 'nav.superAgents', icon: 'user-cog', roles: ['admin'], order: 50 },
  },
];
