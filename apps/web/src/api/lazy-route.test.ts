import { voicePackRoutes } from '@cartela/contract';
import { describe, expect, it } from 'vitest';
import { routeKey } from './keys';
import { lazyRoute } from './lazy-route';
import { availableVoicePacksQuery } from './voice-choice';

describe('lazyRoute', () => {
  it("loads the contract's route, schemas and all", async () => {
    const route = lazyRoute('GET', '/api/voice-packs/available', (c) => c.voicePackRoutes.available);
    await expect(route.load()).resolves.toBe(voicePackRoutes.available);
  });

  it('refuses a path or a method the contract does not have for that route', async () => {
    const renamed = lazyRoute('GET', '/api/voice-packs/choices', (c) => c.voicePackRoutes.available);
    await expect(renamed.load()).rejects.toThrow(/is GET \/api\/voice-packs\/available in the contract/);
    const wrongMethod = lazyRoute('POST', '/api/voice-packs/available', (c) => c.voicePackRoutes.available);
    await expect(wrongMethod.load()).rejects.toThrow(/in the contract/);
  });

  it("caches the room's read of the packs under the route's own key, the one the packs' writes update", async () => {
    expect(availableVoicePacksQuery().queryKey).toEqual(routeKey(voicePackRoutes.available));
  });
});
