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
import {
  ensureCommissionAtLeastMinimum,
  findUserById,
  findUserByUsername,
  lockUser,
  percentToDb,
  toSessionUser,
  type UserCache,
  type UserPatch,
  updateUser,
} from '../users/index.js';
import type { KnownDevices } from './devices.js';
import type { LoginLimiter } from './limiter.js';
import { hashPassword, verifyPassword } from './passwords.js';

export interface AuthDeps {
  database: Database;
  users: UserCache;
  sessions: SessionTokens;
  limiter: LoginLimiter;
  devices: KnownDevices;
  /** The business time zone, told to the web with the user (its days and dates; decision 065). */
  timeZone: string;
}

/** The two sign-in doors: admins and agents use the regular one, super agents their own. */
export type LoginDoor = 'regular' | 'super-agent';

/** Who is at the door, as the request tells it. */
export interface Client {
  /** The client's address (request.ip: TRUST_PROXY says whose word it is, decision 025). */
  address: string;
  /** The request's Cookie header: a known device's cookie may be in it (devices.ts). */
  cookies: string | undefined;
  /** The answer goes back over HTTPS: a device cookie is then sent only over HTTPS too. */
  secure: boolean;
}

/** The door that is right for the user: the one whose streaks a profile update's password check counts on. */
const doorOf = (user: Pick<UserRow, 'role'>): LoginDoor =>
  user.role === 'super-agent' ? 'super-agent' : 'regular';

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', MESSAGES.invalidCredentials);

export function createAuthService({ database, users, sessions, limiter, devices, timeZone }: AuthDeps) {
  return {
    /** Signs in; `deviceCookie` (a Set-Cookie header) makes the browser a known device of the account. */
    async login(
      input: LoginRequest,
      door: LoginDoor,
      client: Client,
    ): Promise<{ token: string; user: SessionUser; deviceCookie: string }> {
      const user = await findUserByUsername(database.db, input.username);
      const device = user ? devices.recognise(client.cookies, user.id) : null;
      // Counted on the account the database found, not on the name as typed: 'ADMIN' or a look-alike that
      // the database's lower() folds to 'admin' shares admin's counters.
      const attempt = await limiter.begin({
        account: user?.id ?? `name:${input.username.toLowerCase()}`,
        door,
        address: client.address,
        device,
      });
      // Always a full argon2 verification, even for an unknown username: the timing tells nothing.
      const passwordOk = await verifyPassword(user?.passwordHash, input.password);
      if (!user || !passwordOk) throw invalidCredentials();
      // The right password at the wrong door: the web tries both doors at once and keeps the one that works.
      // It stays counted like a wrong one: were it taken back, the wrong door's counters would tell a right
      // guess apart, and the wrong door is a second stream of guesses (decision 080).
      if (door !== doorOf(user)) {
        await limiter.rightAtOtherDoor(attempt);
        throw invalidCredentials();
      }
      await limiter.succeeded(attempt);
      // Said only once the password is right, so it does not reveal which accounts exist.
      if (!user.isActive) throw new AppError('ACCOUNT_INACTIVE', MESSAGES.accountInactive);
      return {
        token: sessions.sign(user),
        user: toSessionUser(user, timeZone),
        deviceCookie: devices.cookie(user.id, device, client.secure),
      };
    },

    async updateProfile(
      current: UserRow,
      input: ProfileUpdateRequest,
      client: Client,
    ): Promise<ProfileUpdateResponse> {
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
        if (input.newPassword === input.currentPassword) {
          throw new AppError(
            'VALIDATION_FAILED',
            'newPassword: The new password must be different from the current one',
            { field: 'newPassword' },
          );
        }
        // A stolen session must not become a way to guess the password: the same counters as sign-in.
        const attempt = await limiter.begin({
          account: current.id,
          door: doorOf(current),
          address: client.address,
          device: devices.recognise(client.cookies, current.id),
        });
        // The stored hash as it is now, not as a cached copy of the user had it.
        const fresh = await findUserById(database.db, current.id);
        if (!fresh || !(await verifyPassword(fresh.passwordHash, input.currentPassword ?? ''))) {
          // 400, not 401: the client ends the session on any 401, and this user is signed in.
          throw new AppError('VALIDATION_FAILED', 'currentPassword: Current password is incorrect', {
            field: 'currentPassword',
            reason: 'WRONG_PASSWORD',
          });
        }
        await limiter.succeeded(attempt);
        patch.passwordHash = await hashPassword(input.newPassword!);
        patch.mustChangePassword = false;
      }

      const row = await users.changing(
        current.id,
        () =>
          database.db.transaction(async (tx) => {
            if (input.commissionPercentage !== undefined) {
              // The minimum as it is now, under the row lock the admin's form takes too: a minimum raised a moment
              // ago (not yet in this instance's cache) still holds (decision 056).
              const fresh = await lockUser(tx, current.id);
              if (fresh?.minCommissionPercentage) {
                ensureCommissionAtLeastMinimum(
                  input.commissionPercentage,
                  fresh.minCommissionPercentage,
                  (minimum) => `Must be at least your minimum commission of ${minimum}%, set by the admin`,
                );
              }
            }
            return updateUser(tx, current.id, patch, { endSessions: changingPassword });
          }),
        { everywhere: changingPassword },
      );
      if (!row) throw new AppError('TOKEN_EXPIRED', MESSAGES.sessionExpired);
      return {
        message: 'Profile updated successfully',
        user: toSessionUser(row, timeZone),
        // A password change ends every session, this one included: here is its replacement.
        ...(changingPassword ? { token: sessions.sign(row) } : {}),
      };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
