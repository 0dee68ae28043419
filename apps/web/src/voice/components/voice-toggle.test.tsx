import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '@/i18n';
import { fakeVoiceManager, TEST_PACK } from '../testing';
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
