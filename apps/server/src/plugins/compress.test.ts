// Compressed API answers: which answers are compressed, with what, on either path (this thread or the pool).
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupCompression } from './compress.js';

// 1.6 KB, 1.3 MB (past the limit for compressing on the request's thread), and 500 Amharic characters: under 1 KB
// as a string, 1.5 KB as UTF-8.
const ANSWERS = {
  small: 'x'.repeat(1000),
  medium: JSON.stringify({ items: Array.from({ length: 60 }, (_, i) => ({ i, name: `item ${i}` })) }),
  large: JSON.stringify({ items: Array.from({ length: 40_000 }, (_, i) => ({ i, name: `item ${i}` })) }),
  amharic: JSON.stringify({ text: 'ሰላም'.repeat(167) }),
};

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  setupCompression(app);
  for (const [name, body] of Object.entries(ANSWERS)) {
    app.get(`/${name}`, (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
  }
  await app.ready();
});
afterAll(async () => {
  await app?.close();
});

const get = (url: string, accept: string) =>
  app.inject({ method: 'GET', url, headers: { 'accept-encoding': accept } });

describe('compressed answers', () => {
  it.each([
    ['medium', 'br', brotliDecompressSync],
    ['medium', 'gzip', gunzipSync],
    ['large', 'br', brotliDecompressSync],
    ['large', 'gzip', gunzipSync],
    ['amharic', 'gzip', gunzipSync],
  ] as const)('sends %s answers as %s, whole', async (name, encoding, decode) => {
    const res = await get(`/${name}`, `${encoding}, identity`);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    expect(res.headers.vary).toMatch(/accept-encoding/);
    expect(decode(res.rawPayload).toString()).toBe(ANSWERS[name]);
  });

  it('sends answers under 1 KB, and answers to clients that take no encoding, as they are', async () => {
    const small = await get('/small', 'br, gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe(ANSWERS.small);
    const plain = await get('/medium', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ANSWERS.medium);
  });
});
