import type { Language, SessionUser } from '@cartela/contract';
// Not the package's root: that would bring every schema into the sign-in screen's code (lib/contract.ts).
import { isLanguage } from '@cartela/contract/languages';

/** The persisted client values (product/roles.md#sessions): token, user, userType. */
export const STORAGE_KEYS = { token: 'token', user: 'user', userType: 'userType' } as const;
/** The device's interface language, kept across sign-outs (not a credential). */
export const LANGUAGE_KEY = 'language';

export type UserType = 'super-agent';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private mode or a full disk: the session then lives only in memory.
  }
}

export const storage = {
  getToken: () => read(STORAGE_KEYS.token),
  setToken: (token: string) => write(STORAGE_KEYS.token, token),

  getUserType: (): UserType | null => (read(STORAGE_KEYS.userType) === 'super-agent' ? 'super-agent' : null),

  /**
   * The last user the server confirmed, as stored (unchecked: `storedUser` in lib/session.ts checks it against
   * the contract); used while the server cannot be reached.
   */
  getUser(): unknown {
    const raw = read(STORAGE_KEYS.user);
    if (!raw) return null;
    try {
      return JSON.parse(raw);
    } catch {
      return null;
    }
  },
  setUser: (user: SessionUser) => write(STORAGE_KEYS.user, JSON.stringify(user)),

  /** Store a fresh sign-in. */
  setCredentials(token: string, user: SessionUser): void {
    write(STORAGE_KEYS.token, token);
    write(STORAGE_KEYS.user, JSON.stringify(user));
    write(STORAGE_KEYS.userType, user.role === 'super-agent' ? 'super-agent' : null);
  },

  /** Forget token, user and userType: only on logout or a 401 (decision 061), never for a missing answer. */
  clearCredentials(): void {
    write(STORAGE_KEYS.token, null);
    write(STORAGE_KEYS.user, null);
    write(STORAGE_KEYS.userType, null);
  },

  getLanguage(): Language | null {
    const stored = read(LANGUAGE_KEY);
    return isLanguage(stored) ? stored : null;
  },
  setLanguage: (language: Language) => write(LANGUAGE_KEY, language),
};
