import { authRoutes, type Language, type SessionUser } from '@cartela/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from './api';
import { paths } from './paths';
import { queryClient } from './query-client';
import { storage } from './storage';

/**
 * The signed-in user, shared by the shell and every feature. It lives in the TanStack Query cache under one
 * key, so a refetch on window focus keeps the coin count current and every screen sees the same user.
 */
export const SESSION_KEY = ['session'] as const;

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
 * Spec 01 section 4, "Session start": the super-agent profile for super agents, /auth/me for the others.
 * Decision 061: only a 401 clears the stored session (the api client's 401 rule does it). A network error, an
 * abort (a reload or a page left while the check was in flight), a timeout, a 5xx, another refusal or an
 * unreadable answer keep it: the app goes on with the user last confirmed, and signing back in, which needs
 * the network the hall may not have, is never forced by a missing answer.
 */
export async function loadSession(): Promise<SessionUser | null> {
  if (!storage.getToken()) return null;
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
    // Without a stored user there is no one to go on with; the token stays for the next check.
    return storage.getUser();
  } finally {
    clearTimeout(timer);
  }
}

export function useSession(): { user: SessionUser | null; isLoading: boolean } {
  const query = useQuery({
    queryKey: SESSION_KEY,
    queryFn: loadSession,
    // Without a token there is nothing to restore: no 'Loading...' flash on the sign-in screen.
    initialData: () => (storage.getToken() ? undefined : null),
    staleTime: 0,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: true,
    retry: false,
    // loadSession copes with being offline itself; the default mode would leave it pending forever.
    networkMode: 'always',
  });
  return { user: query.data ?? null, isLoading: query.isPending };
}

/** Re-read the user from the server (after a game is created, coins are bought, ...). */
export function refreshSession(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: SESSION_KEY });
}

/** Keep a fresh sign-in: stored token, user and userType, and the user in memory. */
export function startSession(token: string, user: SessionUser): void {
  storage.setCredentials(token, user);
  queryClient.setQueryData(SESSION_KEY, user);
}

/** Replace the user in memory and storage (after a profile update). */
export function updateSessionUser(user: SessionUser, token?: string): void {
  if (token) storage.setToken(token);
  storage.setUser(user);
  queryClient.setQueryData(SESSION_KEY, user);
}

/** Forget the session: stored credentials, the user, and every cached answer that belonged to them. */
export function endSession(): void {
  storage.clearCredentials();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
  queryClient.setQueryData(SESSION_KEY, null);
}

/**
 * Sign out: tell the server this token is finished (best effort), then forget the session at once. The call
 * is not awaited: logging out must never wait for, or fail with, the hall's connection. `api` reads the
 * stored token before its first await, so clearing the storage right after does not unsign the request.
 */
export function logout(): void {
  if (storage.getToken()) void api(authRoutes.logout).catch(() => {});
  endSession();
}

/**
 * Save the interface language to the signed-in user's profile. The language switch needs it on every page,
 * and components cannot use a feature's hooks (features/settings has the profile's own update).
 */
export async function saveLanguage(language: Language): Promise<void> {
  const data = await api(authRoutes.updateProfile, { body: { language } });
  updateSessionUser(data.user, data.token);
}
