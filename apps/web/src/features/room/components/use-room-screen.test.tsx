import { act, renderHook, waitFor } from '@testing-library/react';
import { type ReactNode, useSyncExternalStore } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { VoiceProvider } from '@/voice/use-voice';
import '../i18n';
import type { RoomView } from '../model/types';
import { createFakeRoom, fakeRoomVoice } from '../testing';
import { useRoomScreen } from './use-room-screen';

/** The screen's model over a fake room (followed as the page follows useRoom), without the screen. */
function model(change: Parameters<typeof createFakeRoom>[0] = {}) {
  const room = createFakeRoom(change);
  const voice = fakeRoomVoice();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter>
      <VoiceProvider manager={voice.manager}>{children}</VoiceProvider>
    </MemoryRouter>
  );
  const hook = renderHook(
    () => {
      const controller = useSyncExternalStore(room.subscribe, room.controller);
      return useRoomScreen({ controller, state: controller.view.state!, reload: () => {} });
    },
    { wrapper },
  );
  const set = (view: Partial<RoomView>) => act(() => room.set(view));
  return { room, set, current: () => hook.result.current };
}

describe('useRoomScreen', () => {
  it('allows every command to the caller of a running game, and none to a viewer', () => {
    const { current, set } = model({ calls: 1 });
    expect(current()).toMatchObject({
      readOnly: false,
      running: true,
      // Cancel only before the first ball (product/draw.md#cancelling).
      can: { call: true, pause: true, auto: true, shuffle: true, finish: true, cancel: false },
      autoLabel: 'room.controls.auto',
    });
    set({ role: 'viewer' });
    expect(current()).toMatchObject({
      readOnly: true,
      can: { call: false, pause: false, auto: false, shuffle: false, finish: false, cancel: false },
    });
  });

  it('pins a claim to the ball on screen and holds every call while it is checked', () => {
    const { room, current } = model({ calls: 4 });
    expect(current().claimPin).toBeNull();
    act(() => current().actions.openValidate());
    expect(current()).toMatchObject({
      claimPin: { ball: 65, callCount: 4 },
      can: { call: false, auto: false },
    });
    act(() => current().actions.callNext());
    expect(room.commands).toEqual([]);
    act(() => current().actions.showCartela(7));
    expect(current()).toMatchObject({ claimCartela: 7, claimPin: { ball: 65, callCount: 4 } });
    act(() => current().actions.closeClaim());
    expect(current()).toMatchObject({ claimPin: null, can: { call: true, auto: true } });
  });

  it('offers Cancel before the first ball only', () => {
    const { current } = model({ sealed: true });
    expect(current().can.cancel).toBe(true);
  });

  it('says the round cannot start offline while the order is sealed', () => {
    const { current, set } = model({ sealed: true });
    expect(current()).toMatchObject({ sealedHere: false, can: { call: true } });
    set({ online: false });
    expect(current()).toMatchObject({
      sealedHere: true,
      can: { call: false, auto: false },
      autoLabel: 'room.controls.autoNoNetwork',
    });
  });

  it('sends a command, shows its refusal as the notice until dismissed, and marks the new ball', async () => {
    const { room, current } = model();
    room.refuseNext('call-next', 'GAME_PAUSED', 'The game is paused: resume it to call');
    act(() => current().actions.callNext());
    await waitFor(() =>
      expect(current().notice).toEqual({
        title: 'Failed to call number',
        message: 'The game is paused: resume it to call',
      }),
    );
    act(() => current().actions.dismissNotice());
    expect(current().notice).toBeNull();

    act(() => current().actions.callNext());
    expect(current().busy).toBe('call-next');
    await waitFor(() => expect(current().busy).toBeNull());
    expect(room.commands).toEqual([{ type: 'call-next' }, { type: 'call-next' }]);
    expect(current()).toMatchObject({ calls: 1, current: 1, highlight: 1, rolling: true });
  });
});
