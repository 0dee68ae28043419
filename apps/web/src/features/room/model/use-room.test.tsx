import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer } from './testing';
import { roomSessionFor, useRoom } from './use-room';

describe('useRoom', () => {
  it('gives the view and the commands of one session per game, closed after the last unmount', async () => {
    const server = fakeServer({ gameId: 'GHOOK000001' });
    vi.stubGlobal('fetch', server.fetch);
    const first = renderHook(() => useRoom(server.gameId), { wrapper: StrictMode });
    const second = renderHook(() => useRoom(server.gameId));

    await waitFor(() => expect(first.result.current.view.status).toBe('ready'));
    expect(first.result.current.view.role).toBe('caller');
    const session = roomSessionFor(server.gameId);

    let result: Awaited<ReturnType<typeof first.result.current.dispatch>> | undefined;
    await act(async () => {
      result = await first.result.current.dispatch({ type: 'call-next' });
    });
    expect(result?.ok).toBe(true);
    expect(first.result.current.view.state?.calledNumbers).toHaveLength(1);
    expect(second.result.current.view).toBe(first.result.current.view);
    await waitFor(() => expect(server.log).toHaveLength(1));

    first.unmount();
    await new Promise((r) => setTimeout(r, 5));
    expect(session.closed).toBe(false);
    second.unmount();
    await waitFor(() => expect(session.closed).toBe(true));
    expect(roomSessionFor(server.gameId)).not.toBe(session);
  });
});
