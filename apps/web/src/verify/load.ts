// Reading a game from the server's public route (contract: gameRoutes.publicGame, decision 074). Plain fetch and
// the contract's types only: zod would be most of this page's JavaScript. The server checks the answer against
// the contract's schema before sending it; here only its shape is looked at, so a broken answer is an error.
import type { PublicGame, PublicGameResponse } from '@cartela/contract';
import type { PageState } from './page';

/** The public route's address for a game id (the contract's '/api/public/games/:gameId'). */
export const publicGamePath = (id: string) => `/api/public/games/${encodeURIComponent(id)}`;

/** The game id of a /verify address, or null for /verify itself. */
export function gameIdOf(pathname: string): string | null {
  const match = /^\/verify\/([^/]+)\/?$/i.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!).trim().toUpperCase() || null;
  } catch {
    return match[1]!;
  }
}

const looksLikeGame = (game: unknown): game is PublicGame => {
  const g = game as Partial<PublicGame> | null;
  return (
    typeof g === 'object' &&
    g !== null &&
    typeof g.gameId === 'string' &&
    typeof g.commitment === 'string' &&
    Array.isArray(g.calledNumbers) &&
    Array.isArray(g.winners) &&
    Array.isArray(g.claims) &&
    Array.isArray(g.reorderedAfter)
  );
};

/** The page's state for the game `id`: the game, or why it is not there. Never throws. */
export async function loadGame(id: string, fetcher: typeof fetch = fetch): Promise<PageState> {
  try {
    const res = await fetcher(publicGamePath(id), { headers: { accept: 'application/json' } });
    if (res.status === 404) return { kind: 'unknown', id };
    if (res.status === 429) {
      const seconds = Number(res.headers.get('retry-after'));
      return { kind: 'busy', id, seconds: Number.isFinite(seconds) && seconds > 0 ? seconds : 60 };
    }
    if (!res.ok) return { kind: 'error', id };
    const body = (await res.json()) as PublicGameResponse;
    return looksLikeGame(body?.game)
      ? { kind: 'game', game: body.game, at: new Date() }
      : { kind: 'error', id };
  } catch {
    return { kind: 'error', id };
  }
}
