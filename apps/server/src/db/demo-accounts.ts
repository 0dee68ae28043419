// The demo hall's accounts. A light module (argon2 only): main.ts starts hashing their passwords at once on a
// first start, while the database is being created. docs/decisions/026-demo-data-and-first-admin.md
import type { FinancialModelName, RoleName } from './schema.js';

export interface DemoAccount {
  username: string;
  password: string;
  role: RoleName;
  description: string;
  financialModel?: FinancialModelName;
  /** Inclusive range of cartela numbers assigned to the agent. */
  cartelas?: [number, number];
  coins?: number;
  /** Username of the agent this super agent supervises. */
  supervises?: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { username: 'admin', password: 'admin123', role: 'admin', description: 'admin' },
  {
    username: 'agent1',
    password: 'agent123',
    role: 'agent',
    financialModel: 'virtual-coin',
    cartelas: [1, 100],
    coins: 1000,
    description: 'virtual-coin agent, 1,000 coins, cartelas 1-100',
  },
  {
    username: 'agent2',
    password: 'agent123',
    role: 'agent',
    financialModel: 'commission-share',
    cartelas: [101, 200],
    description: 'commission-share agent, cartelas 101-200',
  },
  {
    username: 'super1',
    password: 'super123',
    role: 'super-agent',
    supervises: 'agent1',
    description: 'super agent supervising agent1',
  },
];

export const DEMO_CARTELA_COUNT = 300;

/** The demo accounts' password hashes (argon2 on the thread pool: start it early, await it late). */
export async function hashDemoPasswords(): Promise<string[]> {
  // biome-ignore lint/style/noRestrictedImports: argon2 alone, not the auth module's routes: main.ts starts this before the rest of the server has loaded (the same hashPassword auth/index.ts exports).
  const { hashPassword } = await import('../modules/auth/passwords.js');
  return Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password)));
}
