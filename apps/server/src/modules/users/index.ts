// Accounts (admins, agents, super agents): reading and writing users rows, presenting them, and the cache
// behind every session check. No routes of its own: the auth, agents and super-agents modules use it.
export { UserCache } from './cache.js';
export { percentToDb, toSessionUser } from './present.js';
export {
  adminExists,
  countUsers,
  findUserById,
  findUserByUsername,
  insertUser,
  isUuid,
  type UserPatch,
  updateUser,
} from './queries.js';
