/**
 * The contract's schemas (zod, about 27 KB gzipped) as their own chunk (decision 071). The sign-in screen does not
 * need them to show or to take typing, so code that loads with it (`lib/`, `app/`, `features/auth/`) imports
 * only types from @cartela/contract and reaches its values here; the chunk is fetched as soon as the page has
 * loaded (main.tsx), so a sign-in or a session check finds it there. Features load after sign-in and import the
 * contract as usual.
 */
type Contract = typeof import('./contract-values');

let loading: Promise<Contract> | undefined;

export function loadContract(): Promise<Contract> {
  // A failed fetch (a deployment replaced mid-visit) is tried again by the next caller.
  loading ??= import('./contract-values').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
