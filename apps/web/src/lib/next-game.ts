// 'Next game' (issue 19): the room after a finish and the games list open the wizard with the last game's stake,
// pattern and cartelas already chosen. The choice travels in the navigation state of /game (never in the
// address: a reload or a shared link opens the plain list, and the wizard works alone without it).

/** What the wizard starts from: ETB stake, pattern id, cartela numbers (each still editable). */
export interface NextGamePrefill {
  stake: number;
  patternId: string;
  cartelas: number[];
}

/** The navigation state that opens the wizard prefilled on /game. */
export const nextGameState = (prefill: NextGamePrefill) => ({ nextGame: prefill });

/** The prefill in a location's state, or null (anything malformed is ignored). */
export function readNextGame(state: unknown): NextGamePrefill | null {
  if (typeof state !== 'object' || state === null) return null;
  const value = (state as { nextGame?: unknown }).nextGame;
  if (typeof value !== 'object' || value === null) return null;
  const { stake, patternId, cartelas } = value as Record<string, unknown>;
  if (typeof stake !== 'number' || !Number.isFinite(stake) || stake <= 0) return null;
  if (typeof patternId !== 'string' || !Array.isArray(cartelas)) return null;
  return {
    stake,
    patternId,
    cartelas: cartelas.filter((n): n is number => Number.isInteger(n) && n > 0),
  };
}
