import { gameRoutes } from '@cartela/contract';
import { describe, expect, it, vi } from 'vitest';
import {
  isLoopback,
  PUBLIC_ADDRESS_PATH,
  publicUrl,
  refreshPublicUrl,
  verifyAddress,
} from './public-address';

const answer = (body: unknown, status = 200) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

describe('the address players reach the server by (PUBLIC_URL)', () => {
  it("is the contract's route", () => {
    expect(PUBLIC_ADDRESS_PATH).toBe(gameRoutes.publicAddress.path);
  });

  it("is this page's origin until the server says otherwise, then the server's, remembered offline", async () => {
    expect(publicUrl()).toBe(location.origin);
    expect(await refreshPublicUrl(answer({ publicUrl: 'http://192.168.1.10:3000' }))).toBe(
      'http://192.168.1.10:3000',
    );
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await refreshPublicUrl(offline)).toBe('http://192.168.1.10:3000');
    expect(await refreshPublicUrl(answer({ message: 'x' }, 500))).toBe('http://192.168.1.10:3000');
    // The server no longer has one: the origin again.
    expect(await refreshPublicUrl(answer({ publicUrl: null }))).toBe(location.origin);
  });

  it('builds the /verify addresses', () => {
    expect(verifyAddress('http://hall.lan', 'G7K2M9QX4TB')).toBe('http://hall.lan/verify/G7K2M9QX4TB');
    expect(verifyAddress('http://hall.lan')).toBe('http://hall.lan/verify');
  });
});

describe('an address only this computer opens', () => {
  it('is localhost, 127.x.x.x, ::1 or 0.0.0.0; a hall network address is not', () => {
    for (const address of [
      'http://127.0.0.1:3000',
      'http://localhost:3000',
      'http://hall.localhost',
      'http://127.1.2.3',
      'http://[::1]:3000',
      'http://0.0.0.0:3000',
    ]) {
      expect(isLoopback(address), address).toBe(true);
    }
    for (const address of [
      'http://192.168.1.10:3000',
      'https://bingo.example',
      'http://10.0.0.127',
      'not a url',
    ]) {
      expect(isLoopback(address), address).toBe(false);
    }
  });
});
