// The menus' icons, by the names the page table uses (lib/pages.ts MenuIcon): the navigation bar's and a page's
// own sections'. Loaded with the navigation shell, not in the entry chunk: the sign-in page does not draw them.
import {
  AudioLines,
  ChartColumn,
  Coins,
  Gamepad2,
  Grid3x3,
  LayoutDashboard,
  type LucideIcon,
  Percent,
  Scale,
  Settings,
  UserCog,
  UserRound,
  Users,
  Volume2,
} from 'lucide-react';
import type { MenuIcon } from '@/lib/pages';

export const MENU_ICONS: Readonly<Record<MenuIcon, LucideIcon>> = {
  dashboard: LayoutDashboard,
  users: Users,
  percent: Percent,
  scale: Scale,
  game: Gamepad2,
  chart: ChartColumn,
  coins: Coins,
  settings: Settings,
  'user-cog': UserCog,
  'audio-lines': AudioLines,
  'user-round': UserRound,
  volume: Volume2,
  cartelas: Grid3x3,
};
