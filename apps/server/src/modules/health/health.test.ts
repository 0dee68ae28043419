import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { useTestApp } from '../../test/fixtures.js';
import { createTestDatabase, testConfig } from '../../test/helpers.js';

const t = useTestApp();

describe('GET /api/health', () => {
  it('reports the database as reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: 'up',
      databaseKind: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
  });

  it('answers 503 when the database cannot be reached', async () => {
    const lost = await createTestDatabase();
    const app = await buildApp({ config: testConfig(), database: lost.database, logger: false });
    try {
      await app.ready();
      await lost.drop(); // the database goes away under the running app
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'error', database: 'down' });
    } finally {
      await app.close();
    }
  });
});
