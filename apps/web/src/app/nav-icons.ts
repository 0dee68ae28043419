// The menu's icons, by the names the page table uses (lib/pages.ts MenuIcon). Loaded with the navigation shell,
// not in the entry chunk: the sign-in page does not draw them.
import {
  AudioLines,
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
import type { MenuIcon } from '@/lib/pages';

export const NAV_ICONS: Readonly<Record<MenuIcon, LucideIcon>> = {
  dashboard: LayoutDashboard,
  users: Users,
  percent: Percent,
  scale: Scale,
  game: Gamepad2,
  chart: ChartColumn,
  settings: Settings,
  'user-cog': UserCog,
  'audio-lines': AudioLines,
};
