// Who may read or act on which game, decided here and nowhere else (docs/decisions/070-policy-layer.md). A game
// is its agent's: that agent alone acts on it and opens its room; the admin reads every game. Which roles may
// call a route at all is the contract's `access`; this is the rule on the rows under it. The use cases and the
// queries take their scope from here, and the permissions proof its expectations.
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';

/** Read a game (its detail, cards, lists); act on it (every action, the room's state and event log). */
export type GameAction = 'read' | 'act';

/** What the rule needs of the user. */
export type GameUser = Pick<UserRow, 'id' | 'role'>;

/**
 * Whose games the user may `action`, as the queries filter them: one agent's (its id), or every agent's (null).
 * Acting is always on one's own games.
 */
export function gamesOf(user: GameUser, action: 'act'): string;
export function gamesOf(user: GameUser, action: GameAction): string | null;
export function gamesOf(user: GameUser, action: GameAction): string | null {
  return action === 'read' && user.role === 'admin' ? null : user.id;
}

/** The same rule for a game in hand (a cached copy; the proofs' expectations). */
export function can(user: GameUser, action: GameAction, game: { agentId: string }): boolean {
  const owner = gamesOf(user, action);
  return owner === null || owner === game.agentId;
}

/** The one refusal: another agent's game answers exactly as a game that does not exist. */
export const gameNotFound = () => new AppError('NOT_FOUND', 'Game not found');
