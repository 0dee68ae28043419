/**
 * Every page address of the app, in one place: links, redirects and the page table use these, never a
 * string literal, so renaming a page is one edit. Pages with a parameter have a builder for links and a
 * pattern (in `patterns`) for the page table.
 */
export const paths = {
  login: '/login',
  superAgentLogin: '/super-agent-login',
  dashboard: '/dashboard',
  superAgentDashboard: '/super-agent-dashboard',
  games: '/game',
  gameRoom: (gameId: string) => `/game/${encodeURIComponent(gameId)}`,
  gameHistory: (gameId: string) => `/game-history/${encodeURIComponent(gameId)}`,
  reports: '/reports',
  adminReports: '/admin/reports',
  agents: '/agents',
  /** An agent's own coin statement; the admin's view of one agent's: agentCoins. */
  coins: '/coins',
  agentCoins: (agentId: string) => `/agents/${encodeURIComponent(agentId)}/coins`,
  commission: '/commission',
  balance: '/balance',
  superAgentManagement: '/super-agent-management',
  voicePacks: '/voice-packs',
  settings: '/settings',
  settingsProfile: '/settings/profile',
  settingsCommission: '/settings/commission',
  settingsVoice: '/settings/voice',
} as const;

/** Route patterns of the pages with parameters (React Router syntax), for the page table only. */
export const patterns = {
  gameRoom: '/game/:gameId',
  gameHistory: '/game-history/:gameId',
  agentCoins: '/agents/:agentId/coins',
} as const;
