import type { Role } from '@cartela/contract';
import {
  ChartColumn,
  Gamepad2,
  LayoutDashboard,
  type LucideIcon,
  Percent,
  Scale,
  Settings,
  UserCog,
  Users,
} from 'lucide-react';

export interface NavItem {
  to: string;
  label:
    | 'nav.dashboard'
    | 'nav.agents'
    | 'nav.commission'
    | 'nav.balance'
    | 'nav.superAgents'
    | 'nav.reports'
    | 'nav.settings'
    | 'nav.game';
  icon: LucideIcon;
}

const dashboard: NavItem = { to: '/dashboard', label: 'nav.dashboard', icon: LayoutDashboard };
const settings: NavItem = { to: '/settings', label: 'nav.settings', icon: Settings };

/** The menu of each role (spec 01 section 2, "Menus by role"). */
const MENUS: Record<Role, NavItem[]> = {
  admin: [
    dashboard,
    { to: '/agents', label: 'nav.agents', icon: Users },
    { to: '/commission', label: 'nav.commission', icon: Percent },
    { to: '/balance', label: 'nav.balance', icon: Scale },
    { to: '/super-agent-management', label: 'nav.superAgents', icon: UserCog },
    { to: '/admin/reports', label: 'nav.reports', icon: ChartColumn },
    settings,
  ],
  agent: [
    dashboard,
    { to: '/game', label: 'nav.game', icon: Gamepad2 },
    { to: '/reports', label: 'nav.reports', icon: ChartColumn },
    settings,
  ],
  'super-agent': [{ to: '/super-agent-dashboard', label: 'nav.dashboard', icon: LayoutDashboard }],
};

export function navItemsFor(role: Role): NavItem[] {
  return MENUS[role] ?? MENUS.agent;
}
