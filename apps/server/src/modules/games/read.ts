// Reading games: a page of the games the user may read (an agent's own, the admin's every agent's), one game
// with its story, its cards, and the room's state. Whose games each may read is policy.ts's; a game the user
// may not read answers as one that does not exist.
import type {
  GameCartelaResponse,
  GameCartelasResponse,
  GameResponse,
  GamesPage,
  RoomStateResponse,
} from '@cartela/contract';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { detailOf, type GamesContext, type Out } from './context.js';
import { type GameAction, gameNotFound, gamesOf } from './policy.js';
import { hydrate, toGame, toRoomState } from './present.js';
import { findGameWithCards, listGames } from './queries.js';

/** GET /api/games/my-games (an agent's) and /api/games/all (the admin's): newest first. */
export async function listGamesOf(
  { db }: GamesContext,
  user: UserRow,
  query: { page: number; limit: number },
): Promise<Out<typeof GamesPage>> {
  const { rows, total } = await listGames(db, gamesOf(user, 'read'), {
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return {
    games: rows.map(toGame),
    page: query.page,
    limit: query.limit,
    total,
    totalPages: Math.ceil(total / query.limit),
  };
}

export async function getGame(
  ctx: GamesContext,
  user: UserRow,
  id: string,
): Promise<Out<typeof GameResponse>> {
  return { game: await detailOf(ctx, id, gamesOf(user, 'read')) };
}

/** The game with its cards, if the user may `action` it. */
async function withCards({ db }: GamesContext, user: UserRow, id: string, action: GameAction) {
  const view = await findGameWithCards(db, id, gamesOf(user, action));
  if (!view) throw gameNotFound();
  return view;
}

/** The room's state: for the agent that plays the game (its seed sealed while it runs). */
export async function roomState(
  ctx: GamesContext,
  agent: UserRow,
  id: string,
): Promise<Out<typeof RoomStateResponse>> {
  const view = await withCards(ctx, agent, id, 'act');
  return {
    lastSeq: view.lastSeq,
    state: toRoomState(hydrate(view.state, view.drawSeed, view.cartelas)),
    game: toGame(view),
  };
}

export async function gameCartelas(
  ctx: GamesContext,
  user: UserRow,
  id: string,
): Promise<Out<typeof GameCartelasResponse>> {
  const view = await withCards(ctx, user, id, 'read');
  return { cartelas: view.cartelas.map((c) => ({ cartelaNumber: c.cartelaNumber, bingoCard: c.card })) };
}

export async function gameCartela(
  ctx: GamesContext,
  user: UserRow,
  id: string,
  n: number,
): Promise<Out<typeof GameCartelaResponse>> {
  const view = await withCards(ctx, user, id, 'read');
  const found = view.cartelas.find((c) => c.cartelaNumber === n);
  if (!found) throw new AppError('NOT_FOUND', `Cartela #${n} not found in the game`);
  return { cartela: { cartelaNumber: found.cartelaNumber, bingoCard: found.card } };
}
