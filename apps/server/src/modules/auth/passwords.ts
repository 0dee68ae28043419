// Passwords are hashed with argon2id (memory-hard), OWASP's baseline parameters: 19 MiB, 2 passes, 1 lane.
// Hashing runs on libuv's thread pool, not on the event loop - the pool that also reads the web app's files
// and resolves names. At most ARGON2_AT_ONCE hashes run together, so a flood of sign-ins waits its turn
// instead of taking every thread (and 19 MiB each) from the rest of the server.
import { randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id: a const enum in the typings, which isolatedModules cannot inline.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** libuv's pool has 4 threads by default: two stay free for everything else. */
export const ARGON2_AT_ONCE = 2;
let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when fewer than ARGON2_AT_ONCE argon2 computations are running. */
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  // A finishing computation hands its slot straight to the next in line, so none can slip in between.
  if (running >= ARGON2_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** How many argon2 computations run right now (for tests). */
export const argon2Running = () => running;

export function hashPassword(password: string): Promise<string> {
  return inTurn(() => hash(password, OPTIONS));
}

/** A real hash of a password nobody has, made once: verifying against it costs what a real check costs. */
let dummyHash: Promise<string> | null = null;

/**
 * Checks a password against a stored hash. With no hash (unknown user) it still runs a full verification
 * against a dummy hash, so the answer takes as long and an attacker cannot tell which usernames exist.
 */
export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword(randomUUID());
    const dummy = await dummyHash;
    await inTurn(() => verify(dummy, password)).catch(() => false);
    return false;
  }
  try {
    return await inTurn(() => verify(passwordHash, password));
  } catch {
    return false; // a malformed stored hash never lets anyone in
  }
}

/** Makes the dummy hash ahead of the first unknown-user login (which would otherwise take longer). */
export function warmUpPasswords(): Promise<unknown> {
  dummyHash ??= hashPassword(randomUUID());
  return dummyHash;
}
