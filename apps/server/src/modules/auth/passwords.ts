// Passwords are hashed with argon2id (memory-hard), OWASP's baseline parameters: 19 MiB, 2 passes, 1 lane.
// Hashing runs on libuv's thread pool, not on the event loop.
import { randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id: a const enum in the typings, which isolatedModules cannot inline.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
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
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash never lets anyone in
  }
}

/** Makes the dummy hash ahead of the first unknown-user login (which would otherwise take longer). */
export function warmUpPasswords(): Promise<unknown> {
  dummyHash ??= hashPassword(randomUUID());
  return dummyHash;
}
