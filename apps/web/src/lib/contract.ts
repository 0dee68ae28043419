/** A chunk fetched once, by its first caller; a failed fetch (a deployment replaced mid-visit) is tried again. */
function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

/**
 * The contract's schemas (zod, about 27 KB gzipped) as their own chunk (decision 071). The sign-in screen does not
 * need them to show or to take typing, so code that loads with it (`lib/`, `app/`, `features/auth/`) imports
 * only types from @cartela/contract and reaches its values here; the chunk is fetched as soon as the page has
 * loaded (main.tsx), so a sign-in or a session check finds it there. Features load after sign-in and import the
 * contract as usual.
 */
export const loadContract = loadOnce(() => import('./contract-values'));

/**
 * The whole contract, for code that loads before zod and calls a route only after its first paint: the game room
 * (decision 073), which draws its game from the device's own copy and reaches the server afterwards. The same
 * chunks the signed-in pages import statically.
 */
export const loadWholeContract = loadOnce(() => import('@cartela/contract'));
