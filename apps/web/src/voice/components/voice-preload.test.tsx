import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakePackServer, fakeVoiceManager, PACK_FILE_COUNT, TEST_PACK } from '../testing';
import { VoiceProvider } from '../use-voice';
import { VoicePreload } from './voice-preload';

describe('VoicePreload', () => {
  it("says 'Preloading voices...' with the real count and a progress bar", async () => {
    // The last six files (special sounds) wait until released.
    const server = fakePackServer();
    const held: Array<() => void> = [];
    const { manager } = fakeVoiceManager({
      fetch: (url, init) =>
        /(shuffling|winning|Coin|EVERYBODY|pause|cartelakechewatawuch)/.test(url)
          ? new Promise((resolve) => held.push(() => resolve(server.fetch(url, init))))
          : server.fetch(url, init),
    });
    render(
      <VoiceProvider manager={manager}>
        <VoicePreload />
      </VoiceProvider>,
    );
    const bar = screen.getByRole('progressbar', { name: 'Preloading voices...' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');

    let done!: Promise<unknown>;
    act(() => {
      done = manager.init(TEST_PACK);
    });
    const loaded = PACK_FILE_COUNT - 6;
    expect(await screen.findByText(`${loaded} of ${PACK_FILE_COUNT} voice files`)).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuenow', String(loaded));
    expect(bar).toHaveAttribute('aria-valuemax', String(PACK_FILE_COUNT));
    expect(manager.getSnapshot().state).toBe('initialising');

    await act(async () => {
      for (const release of held) release();
      await done;
    });
    expect(bar).toHaveAttribute('aria-valuenow', String(PACK_FILE_COUNT));
    expect(manager.getSnapshot().state).toBe('initialised');
  });
});
