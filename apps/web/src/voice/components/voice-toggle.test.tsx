import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '@/i18n';
import { FakeAudioContext, fakeVoiceManager, TEST_PACK } from '../testing';
import { VoiceProvider } from '../use-voice';
import { VoiceToggle, type VoiceToggleProps } from './voice-toggle';

async function setup(props: VoiceToggleProps = {}, { muted = true } = {}) {
  const fake = fakeVoiceManager();
  await fake.manager.init(TEST_PACK);
  fake.manager.setMuted(muted);
  render(
    <VoiceProvider manager={fake.manager}>
      <VoiceToggle {...props} />
    </VoiceProvider>,
  );
  return fake;
}

describe('the voice toggle', () => {
  it('turns on with everybody jump, blocks clicks while it plays, turns off and stops every sound', async () => {
    const { manager, context, clock } = await setup();
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Voice' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await user.click(toggle);
    await waitFor(() => expect(context.audible()).toEqual(['EVERYBODYJUMPBuilding.mp3']));
    expect(context.state).toBe('running');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(toggle).toHaveAttribute('aria-disabled', 'true');

    // Blocked while the sound plays: the click changes nothing.
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(context.audible()).toEqual(['EVERYBODYJUMPBuilding.mp3']);

    act(() => clock.advance(1000));
    expect(toggle).not.toHaveAttribute('aria-disabled');

    // A call plays; turning the voice off stops it, and nothing plays afterwards.
    act(() => manager.playSequence([7, 8]));
    expect(context.audible()).toEqual(['b-voices/b7.mp3']);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(context.audible()).toEqual([]);
    act(() => clock.advance(5000));
    act(() => manager.playNumber(9));
    expect(context.started()).toEqual(['EVERYBODYJUMPBuilding.mp3', 'b-voices/b7.mp3']);
  });

  it('is not blocked by the calls of a game, only by its own sound', async () => {
    const { manager, context } = await setup({}, { muted: false });
    const user = userEvent.setup();
    act(() => manager.playNumber(30));
    await user.click(screen.getByRole('button', { name: 'Voice' }));
    expect(screen.getByRole('button', { name: 'Voice' })).toHaveAttribute('aria-pressed', 'false');
    expect(context.audible()).toEqual([]);
  });

  it('is not blocked when pressed while the voices load: its jingle is not in, a ball is being spoken', async () => {
    // Decision 082: the jingle was queued behind a ball spoken by the browser, or not loaded at all, and the
    // button stayed blocked by a sound nobody heard.
    const context = new FakeAudioContext();
    const waiting: Array<() => void> = [];
    context.resume = () => new Promise<void>((resolve) => waiting.push(resolve));
    const resumed = () => {
      context.state = 'running';
      for (const resolve of waiting) resolve();
    };
    const { manager, speech } = fakeVoiceManager({
      createAudioContext: () => context,
      fetch: () => new Promise<Response>(() => {}),
    });
    void manager.init(TEST_PACK);
    manager.setMuted(true);
    render(
      <VoiceProvider manager={manager}>
        <VoiceToggle />
      </VoiceProvider>,
    );
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Voice' });
    await user.click(toggle);
    // While the browser lets sound out, the room calls its first ball: spoken, its clip not loaded yet.
    act(() => manager.playNumber(5));
    await act(async () => resumed());
    expect(speech.spoken.map((s) => s.text)).toEqual(['B 5']);
    expect(manager.getSnapshot()).toMatchObject({ state: 'initialising', playing: true });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(toggle).not.toHaveAttribute('aria-disabled');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(manager.getSnapshot().playing).toBe(false);
  });

  it.each([
    ['sm', 'h-9', true],
    ['md', 'h-11', false],
    ['lg', 'h-14', false],
  ] as const)('comes in size %s', async (size, height, labelHidden) => {
    await setup({ size });
    const toggle = screen.getByRole('button', { name: 'Voice' });
    expect(toggle).toHaveClass(height);
    // Always its accessible name; shown beside the icon from md up.
    if (labelHidden) expect(screen.getByText('Voice')).toHaveClass('sr-only');
    else expect(screen.getByText('Voice')).not.toHaveClass('sr-only');
  });

  it('is named in Amharic', async () => {
    await applyLanguage('am');
    await setup();
    expect(await screen.findByRole('button', { name: 'ድምፅ' })).toHaveAttribute('title', 'ድምፁን ያብሩ');
  });
});
