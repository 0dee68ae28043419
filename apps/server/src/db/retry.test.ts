import { describe, expect, it } from 'vitest';
import { isRetryable, retrying, sqlStateOf } from './retry.js';

const pgError = (code: string) => Object.assign(new Error(`error ${code}`), { code });
/** As Drizzle wraps a driver's error. */
const wrapped = (code: string) => Object.assign(new Error('Failed query: ...'), { cause: pgError(code) });

describe('retrying a transaction PostgreSQL aborted', () => {
  it('finds the SQLSTATE through the causes Drizzle wraps it in', () => {
    expect(sqlStateOf(wrapped('40P01'))).toBe('40P01');
    expect(sqlStateOf(new Error('no code'))).toBeNull();
    expect(isRetryable(wrapped('40P01'))).toBe(true);
    expect(isRetryable(wrapped('40001'))).toBe(true);
    expect(isRetryable(wrapped('23505'))).toBe(false);
    // A Node system error's code is not an SQLSTATE.
    expect(isRetryable(Object.assign(new Error('x'), { code: 'ECONNRESET' }))).toBe(false);
  });

  it('runs again after a deadlock or a serialization failure, up to 5 attempts in all', async () => {
    let runs = 0;
    await expect(
      retrying(async () => {
        runs += 1;
        if (runs < 3) throw wrapped(runs === 1 ? '40P01' : '40001');
        return 'done';
      }),
    ).resolves.toBe('done');
    expect(runs).toBe(3);

    runs = 0;
    await expect(
      retrying(async () => {
        runs += 1;
        throw wrapped('40P01');
      }),
    ).rejects.toThrow('Failed query');
    expect(runs).toBe(5);
  });

  it('never runs again after any other error', async () => {
    let runs = 0;
    await expect(
      retrying(async () => {
        runs += 1;
        throw wrapped('23514');
      }),
    ).rejects.toThrow();
    expect(runs).toBe(1);
  });
});
