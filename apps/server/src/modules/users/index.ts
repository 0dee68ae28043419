// Accounts (admins, agents, super agents): reading and writing users rows, presenting them, and the cache
// behind every session check. No routes of its own: the auth, agents and super-agents modules use it.
export { type AccountChange, changeAccount, orNull } from './account.js';
export { HEAR_WAIT_MS, UserCache } from './cache.js';
export { ensureCommissionAtLeastMinimum } from './commission.js';
export { etb, percent, percentToDb, toSessionUser, toUserSummary } from './present.js';
export {
  adminExists,
  countUsers,
  ensureUsernameFree,
  findUserById,
  findUserByUsername,
  insertUser,
  isUuid,
  lockUser,
  softDeleteUser,
  storedUsername,
  type UserPatch,
  updateUser,
  usernameTaken,
  writingUsername,
} from './queries.js';
