import { authRoutes, type ProfileUpdateRequest } from '@cartela/contract';
import { updateSessionUser } from '@/lib/session';
import { useWrite } from './write';

// The one authRoutes call a feature makes: signing in, the session check and signing out are lib/session.ts's
// and features/auth's.

/**
 * PUT /api/auth/profile: language, contact or password (a password change answers with a new token). The
 * signed-in user is the answer: every screen sees the update at once, and the new token is kept.
 */
export const useUpdateProfile = () =>
  useWrite(authRoutes.updateProfile, {
    request: (body: ProfileUpdateRequest) => ({ body }),
    onSuccess: (data) => updateSessionUser(data.user, data.token),
    invalidates: [],
  });
