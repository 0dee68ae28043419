import type { AvailableVoicePack } from '@cartela/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { adminUser, json, makeUser, mockApi, storeSession } from '@/test/utils';
import { fakePackServer, fakeVoiceManager } from './testing';
import { DEFAULT_PACK, rememberVoicePack, useVoicePack, useVoiceSetup, VoiceProvider } from './use-voice';

const EN: AvailableVoicePack = {
  ...DEFAULT_PACK,
  id: 'default-en',
  name: 'English',
  language: 'en',
  fileBase: '/assets/voices/en/',
};

function wrapper(manager = fakeVoiceManager().manager) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <VoiceProvider manager={manager}>{children}</VoiceProvider>
    </QueryClientProvider>
  );
}

describe('the pack an agent hears', () => {
  it("is the agent's choice on the server, remembered on this device", async () => {
    storeSession(makeUser());
    mockApi({
      'GET /api/auth/me': json(200, { user: makeUser() }),
      'GET /api/voice-packs/available': json(200, { packs: [DEFAULT_PACK, EN], selected: 'default-en' }),
    });
    const { result } = renderHook(() => useVoicePack(), { wrapper: wrapper() });
    await waitFor(() => expect(result.current).toEqual(EN));
    expect(JSON.parse(localStorage.getItem('voicePack')!)).toEqual(EN);
  });

  it('is the remembered pack when the server cannot be reached', async () => {
    storeSession(makeUser());
    rememberVoicePack(EN);
    mockApi({
      'GET /api/auth/me': json(200, { user: makeUser() }),
      'GET /api/voice-packs/available': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const { result } = renderHook(() => useVoicePack(), { wrapper: wrapper() });
    expect(result.current).toEqual(EN);
  });

  it('is the default pack, offline, when the remembered copy lacks a field or is not a pack', async () => {
    storeSession(makeUser());
    mockApi({
      'GET /api/auth/me': json(200, { user: makeUser() }),
      'GET /api/voice-packs/available': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const { version: _, ...withoutVersion } = EN;
    for (const stored of [withoutVersion, { ...EN, kind: 'recorded' }, 'default-en', [EN]]) {
      localStorage.setItem('voicePack', JSON.stringify(stored));
      const { result, unmount } = renderHook(() => useVoicePack(), { wrapper: wrapper() });
      await waitFor(() => expect(result.current).toEqual(DEFAULT_PACK));
      unmount();
    }
  });

  it('is the default Amharic pack for an admin, without asking the server', async () => {
    storeSession(adminUser());
    const fetchMock = mockApi({ 'GET /api/auth/me': json(200, { user: adminUser() }) });
    const { result } = renderHook(() => useVoicePack(), { wrapper: wrapper() });
    await waitFor(() => expect(result.current).toEqual(DEFAULT_PACK));
    expect(DEFAULT_PACK).toMatchObject({ id: 'default-am', language: 'am', fileBase: '/assets/voices/' });
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('voice-packs'))).toBe(false);
  });

  it('useVoiceSetup loads it once, however often it renders', async () => {
    storeSession(makeUser());
    mockApi({
      'GET /api/auth/me': json(200, { user: makeUser() }),
      'GET /api/voice-packs/available': json(200, { packs: [DEFAULT_PACK], selected: 'default-am' }),
    });
    const server = fakePackServer();
    const { manager } = fakeVoiceManager({ fetch: server.fetch });
    const { result, rerender } = renderHook(() => useVoiceSetup(), { wrapper: wrapper(manager) });
    rerender();
    await waitFor(() => expect(result.current.state).toBe('initialised'));
    rerender();
    expect(result.current.ready).toBe(true);
    expect(server.total()).toBe(86);
  });
});
