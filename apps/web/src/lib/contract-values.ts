// What the code loaded with the sign-in screen needs of the contract's values (lib/contract.ts): only these, so
// the chunk holds the sign-in's and the session's schemas, not every route's.
export { authRoutes, ErrorResponse, SessionUser } from '@cartela/contract';
