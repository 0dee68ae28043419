// Sign-in and the signed-in user's own profile.
import type {
  LoginRequest,
  ProfileUpdateRequest,
  ProfileUpdateResponse,
  SessionUser,
} from '@cartela/contract';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import { AppError, MESSAGES } from '../../errors.js';
import type { SessionTokens } from '../../plugins/auth.js';
import type { UserCache } from '../users/cache.js';
import { percentToDb, toSessionUser } from '../users/present.js';
import { findUserById, findUserByUsername, type UserPatch, updateUser } from '../users/queries.js';
import type { FailureLimiter } from './limiter.js';
import { hashPassword, verifyPassword } from './passwords.js';

export interface AuthDeps {
  database: Database;
  users: UserCache;
  sessions: SessionTokens;
  limiter: FailureLimiter;
}

/** The two sign-in doors: admins and agents use the regular one, super agents their own. */
export type LoginDoor = 'regular' | 'super-agent';

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', MESSAGES.invalidCredentials);

export function createAuthService({ database, users, sessions, limiter }: AuthDeps) {
  return {
    async login(input: LoginRequest, door: LoginDoor): Promise<{ token: string; user: SessionUser }> {
      const key = input.username.toLowerCase();
      limiter.check(key);
      const user = await findUserByUsername(database.db, input.username);
      // Always a full argon2 verification, even for an unknown username: the timing tells nothing.
      const passwordOk = await verifyPassword(user?.passwordHash, input.password);
      if (!user || !passwordOk) {
        limiter.fail(key);
        throw invalidCredentials();
      }
      limiter.reset(key);
      // The right password at the wrong door: the web tries both doors at once and keeps the one that works.
      if ((door === 'super-agent') !== (user.role === 'super-agent')) throw invalidCredentials();
      // Said only once the password is right, so it does not reveal which accounts exist.
      if (!user.isActive) throw new AppError('ACCOUNT_INACTIVE', MESSAGES.accountInactive);
      return { token: sessions.sign(user), user: toSessionUser(user) };
    },

    async updateProfile(current: UserRow, input: ProfileUpdateRequest): Promise<ProfileUpdateResponse> {
      const patch: UserPatch = {};
      if (input.language !== undefined) patch.language = input.language;
      if (input.contact !== undefined) patch.contact = input.contact === '' ? null : input.contact;
      if (input.commissionPercentage !== undefined) {
        if (current.role !== 'agent') {
          throw new AppError(
            'VALIDATION_FAILED',
            'commissionPercentage: Only agents have a commission percentage',
          );
        }
        patch.commissionPercentage = percentToDb(input.commissionPercentage);
      }
      if (input.currentPassword !== undefined && input.newPassword === undefined) {
        throw new AppError('VALIDATION_FAILED', 'newPassword: New password is required');
      }
      const changingPassword = input.newPassword !== undefined;
      if (changingPassword) {
        const key = current.username.toLowerCase();
        limiter.check(key);
        // The stored hash as it is now, not as a cached copy of the user had it.
        const fresh = await findUserById(database.db, current.id);
        if (!fresh || !(await verifyPassword(fresh.passwordHash, input.currentPassword ?? ''))) {
          limiter.fail(key);
          // 400, not 401: the client ends the session on any 401, and this user is signed in.
          throw new AppError('VALIDATION_FAILED', 'currentPassword: Current password is incorrect');
        }
        patch.passwordHash = await hashPassword(input.newPassword!);
      }

      const row = await database.db.transaction((tx) =>
        updateUser(tx, current.id, patch, { endSessions: changingPassword }),
      );
      users.invalidate(current.id);
      if (!row) throw new AppError('TOKEN_EXPIRED', MESSAGES.sessionExpired);
      return {
        message: 'Profile updated successfully',
        user: toSessionUser(row),
        // A password change ends every session, this one included: here is its replacement.
        ...(changingPassword ? { token: sessions.sign(row) } : {}),
      };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
