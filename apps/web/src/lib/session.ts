import type { Language, SessionUser } from '@cartela/contract';
import { useSyncExternalStore } from 'react';
import { ApiError, api } from './api';
import { loadContract } from './contract';
import { paths } from './paths';
import { storage } from './storage';

export function homePathFor(user: Pick<SessionUser, 'role'>): string {
  return user.role === 'super-agent' ? paths.superAgentDashboard : paths.dashboard;
}

/**
 * How long the session check may take before the app goes on with the stored user. A hall's connection can
 * hang rather than fail; the agent must not wait on 'Loading...' for the browser's own timeout (minutes).
 */
export const SESSION_CHECK_TIMEOUT_MS = 8000;

/** Only the server saying "this token is not valid" ends a session; anything else is a missing answer. */
export function endsSession(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * product/roles.md#sessions, "Session start": the super-agent profile for super agents, /auth/me for the others.
 * Decision 061: only a 401 clears the stored session (the api client's 401 rule does it). A network error, an
 * abort (a reload or a page left while the check was in flight), a timeout, a 5xx, another refusal or an
 * unreadable answer keep it: the app goes on with the user last confirmed, and signing back in, which needs
 * the network the hall may not have, is never forced by a missing answer.
 */
export async function loadSession(): Promise<SessionUser | null> {
  if (!storage.getToken()) return null;
  // The schemas' chunk is precached by the service worker, so this holds offline too; without it (a broken
  // deployment) nothing can be checked and no one is signed in.
  const contract = await loadContract().catch(() => null);
  // Signed out while the chunk came: nothing to check any more.
  if (!contract || !storage.getToken()) return null;
  const { authRoutes, SessionUser } = contract;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), SESSION_CHECK_TIMEOUT_MS);
  try {
    const signal = controller.signal;
    const user: SessionUser =
      storage.getUserType() === 'super-agent'
        ? { ...(await api(authRoutes.superAgentProfile, { signal })).superAgent, role: 'super-agent' }
        : (await api(authRoutes.me, { signal })).user;
    storage.setUser(user);
    return user;
  } catch (error) {
    if (endsSession(error)) {
      storage.clearCredentials();
      return null;
    }
    // Without a stored user there is no one to go on with; the token stays for the next check. A stored user
    // this version cannot read (an older app's) counts as none.
    const stored = SessionUser.safeParse(storage.getUser());
    return stored.success ? stored.data : null;
  } finally {
    clearTimeout(timer);
  }
}

// ---- the session store ------------------------------------------------------------------------------------
// A small store rather than a TanStack Query entry (decision 071): the sign-in screen and the route guard read
// it, and they load before the data layer. It keeps the rules the query had: no check without a token (no
// 'Loading...' flash on the sign-in screen), one check at start, again whenever the page comes back into view or
// the connection returns, and the latest check wins.

export interface SessionState {
  user: SessionUser | null;
  /** True until the first check of a stored token has answered (or timed out). */
  isLoading: boolean;
}

let state: SessionState | undefined;
let checks = 0;
const listeners = new Set<() => void>();
const endListeners = new Set<() => void>();

function current(): SessionState {
  state ??= { user: null, isLoading: storage.getToken() !== null };
  return state;
}

function publish(next: SessionState): void {
  if (state && next.user === null && state.user === null && next.isLoading === state.isLoading) return;
  state = next;
  for (const listener of listeners) listener();
}

/** Ask the server who this is (`loadSession`); an answer older than a later check or sign-in is dropped. */
function check(): Promise<void> {
  const mine = ++checks;
  return loadSession().then((user) => {
    if (mine === checks) publish({ user, isLoading: false });
  });
}

function onVisible(): void {
  if (document.visibilityState === 'visible') void check();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    if (current().isLoading && checks === 0) void check();
    window.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', onVisible);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', onVisible);
    }
  };
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, current);
}

/** Run `listener` whenever a session ends (the data layer forgets the cached answers of that user). */
export function onSessionEnd(listener: () => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

/** Tests: start from a page just opened (the store reads the stored token again). */
export function resetSessionStore(): void {
  state = undefined;
  checks = 0;
}

/** Re-read the user from the server (after a game is created, coins are bought, ...). */
export function refreshSession(): Promise<void> {
  return check();
}

/** Keep a fresh sign-in: stored token, user and userType, and the user in memory. */
export function startSession(token: string, user: SessionUser): void {
  storage.setCredentials(token, user);
  checks++;
  publish({ user, isLoading: false });
}

/** Replace the user in memory and storage (after a profile update). */
export function updateSessionUser(user: SessionUser, token?: string): void {
  if (token) storage.setToken(token);
  storage.setUser(user);
  checks++;
  publish({ user, isLoading: false });
}

/** Forget the session: stored credentials, the user, and every cached answer that belonged to them. */
export function endSession(): void {
  storage.clearCredentials();
  checks++;
  publish({ user: null, isLoading: false });
  for (const listener of endListeners) listener();
}

/**
 * Sign out: tell the server this token is finished (best effort), then forget the session at once. The call
 * is not awaited: logging out must never wait for, or fail with, the hall's connection. The token goes with the
 * call as it was read here, since the storage is cleared before the call leaves.
 */
export function logout(): void {
  const token = storage.getToken();
  if (token) {
    void loadContract()
      .then(({ authRoutes }) => api(authRoutes.logout, { headers: { Authorization: `Bearer ${token}` } }))
      .catch(() => {});
  }
  endSession();
}

/**
 * Save the interface language to the signed-in user's profile. The language switch needs it on every page,
 * and components cannot use a feature's hooks (features/settings has the profile's own update).
 */
export async function saveLanguage(language: Language): Promise<void> {
  const { authRoutes } = await loadContract();
  const data = await api(authRoutes.updateProfile, { body: { language } });
  updateSessionUser(data.user, data.token);
}
