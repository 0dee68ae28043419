import { describe, expect, it } from 'vitest';
import { ARGON2_AT_ONCE, argon2Running, hashPassword, verifyPassword } from './passwords.js';

describe('passwords', () => {
  it('runs at most a few argon2 computations at once, so a sign-in flood cannot take every thread', async () => {
    const stored = await hashPassword('the-right-one');
    let most = 0;
    const watch = setInterval(() => {
      most = Math.max(most, argon2Running());
    }, 1);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => verifyPassword(stored, i % 3 === 0 ? 'the-right-one' : `no-${i}`)),
    );
    clearInterval(watch);
    expect(results).toEqual(Array.from({ length: 12 }, (_, i) => i % 3 === 0));
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(ARGON2_AT_ONCE);
    expect(argon2Running()).toBe(0);
  });

  it('never lets a malformed stored hash or an unknown user in', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
    expect(await verifyPassword(null, 'x')).toBe(false);
  });
});
