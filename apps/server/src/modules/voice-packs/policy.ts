// Who may use which voice pack, decided here and nowhere else (docs/decisions/070-policy-layer.md): an agent the
// active packs offered to every agent or to it (it lists them, chooses one, plays its files); the admin reads
// any pack's files. The queries filter by usableBy; can judges a pack in hand (the permissions proof). A pack
// the user may not use answers as one that does not exist, or, when an agent chooses it, as any pack it cannot
// choose.
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { voicePackOffers, voicePacks } from './schema.js';

type PackUser = Pick<UserRow, 'id' | 'role'>;

/** The packs the user may use, as a condition on voice_packs (undefined: every pack, for the admin). */
export function usableBy(user: PackUser): SQL | undefined {
  if (user.role === 'admin') return undefined;
  return and(
    eq(voicePacks.isActive, true),
    or(
      eq(voicePacks.offeredToAll, true),
      sql`EXISTS (SELECT 1 FROM ${voicePackOffers} WHERE ${voicePackOffers.packId} = ${voicePacks.id} AND ${voicePackOffers.agentId} = ${user.id})`,
    ),
  );
}

/** The same rule for a pack in hand (agentIds: the agents it is offered to when not offered to all). */
export function canUse(
  user: PackUser,
  pack: { isActive: boolean; offeredToAll: boolean; agentIds: readonly string[] },
): boolean {
  return user.role === 'admin' || (pack.isActive && (pack.offeredToAll || pack.agentIds.includes(user.id)));
}

/** An agent choosing a pack it may not use. */
export const notAvailable = () =>
  new AppError('VALIDATION_FAILED', 'packId: This voice pack is not available to you', { field: 'packId' });

/** A file of a pack the user may not use, or of no pack, or no such file. */
export const voiceFileNotFound = () => new AppError('NOT_FOUND', 'Voice file not found');
