import { authRoutes, type Language, type ProfileUpdateRequest, type SessionUser } from '@cartela/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { applyLanguage } from '../i18n';
import { ApiError, api } from './api';
import { queryClient } from './query-client';
import { storage } from './storage';

/**
 * The signed-in user, shared by the shell and every feature. It lives in the TanStack Query cache under one
 * key, so a refetch on window focus keeps the coin count current and every screen sees the same user.
 */
export const SESSION_KEY = ['session'] as const;

export function homePathFor(user: Pick<SessionUser, 'role'>): string {
  return user.role === 'super-agent' ? '/super-agent-dashboard' : '/dashboard';
}

/** Spec 01 section 4, "Session start": the super-agent profile for super agents, /auth/me for the others. */
export async function loadSession(): Promise<SessionUser | null> {
  if (!storage.getToken()) return null;
  try {
    const user: SessionUser =
      storage.getUserType() === 'super-agent'
        ? { ...(await api(authRoutes.superAgentProfile)).superAgent, role: 'super-agent' }
        : (await api(authRoutes.me)).user;
    storage.setUser(user);
    return user;
  } catch (error) {
    // A hall's connection drops often: without an answer from the server, keep the user last confirmed
    // rather than sign the agent out mid-evening. Only a refusal (4xx) ends the session.
    if (error instanceof ApiError && (error.code === 'NETWORK' || error.status >= 500)) {
      const stored = storage.getUser();
      if (stored) return stored;
    }
    storage.clearCredentials();
    return null;
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

export function useUpdateProfile() {
  return useMutation({
    mutationFn: (body: ProfileUpdateRequest) => api(authRoutes.updateProfile, { body }),
    onSuccess: (data) => updateSessionUser(data.user, data.token),
  });
}

/**
 * Change the interface language at once; for a signed-in user also save it to their profile so it follows
 * them to other devices. Saving is best effort: the screen has already changed.
 */
export function useChangeLanguage(options: { onSaveError?: (error: unknown) => void } = {}) {
  const { user } = useSession();
  const update = useUpdateProfile();
  return (language: Language) => {
    void applyLanguage(language);
    if (user && user.language !== language) {
      update.mutate({ language }, { onError: (error) => options.onSaveError?.(error) });
    }
  };
}
