/*
 * Every feature's pages: ONE line per feature registers it (its routes.tsx). The router, the route guard
 * and the menus all read the resulting table (./pages.ts); order here does not matter.
 */
export { pages as agents } from '@/features/agents/routes';
export { pages as auth } from '@/features/auth/routes';
export { pages as balance } from '@/features/balance/routes';
export { pages as coins } from '@/features/coins/routes';
export { pages as commission } from '@/features/commission/routes';
export { pages as dashboard } from '@/features/dashboard/routes';
export { pages as games } from '@/features/games/routes';
export { pages as reports } from '@/features/reports/routes';
export { pages as room } from '@/features/room/routes';
export { pages as settings } from '@/features/settings/routes';
export { pages as superAgentDashboard } from '@/features/super-agent-dashboard/routes';
export { pages as superAgents } from '@/features/super-agents/routes';
// Voice is not a feature (src/voice/: the room uses its engine too), but its screens register the same way.
export { pages as voice } from '@/voice/routes';
