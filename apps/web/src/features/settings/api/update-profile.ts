import { authRoutes, type ProfileUpdateRequest } from '@cartela/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { updateSessionUser } from '@/lib/session';

/** PUT /api/auth/profile: language, contact or password (a password change answers with a new token). */
export function updateProfile(body: ProfileUpdateRequest) {
  return api(authRoutes.updateProfile, { body });
}

/** The signed-in user is the answer: every screen sees the update at once, and the new token is kept. */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (data) => updateSessionUser(data.user, data.token),
  });
}
