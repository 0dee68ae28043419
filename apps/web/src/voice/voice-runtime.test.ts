import { afterEach, describe, expect, it } from 'vitest';
import { getVoiceManager, setVoiceManager } from './voice-runtime';

afterEach(() => {
  setVoiceManager(null);
  localStorage.clear();
});

describe("the tab's voice manager", () => {
  it('remembers the voice pacing on the device, like the voice toggle (decision 082)', () => {
    expect(getVoiceManager().getSnapshot().pacing).toBe('wait');
    getVoiceManager().setPacing('skip');
    expect(localStorage.getItem('voicePacing')).toBe('skip');

    // A reload: the new manager starts with the device's choice.
    setVoiceManager(null);
    expect(getVoiceManager().getSnapshot().pacing).toBe('skip');
    getVoiceManager().setPacing('wait');
    expect(localStorage.getItem('voicePacing')).toBeNull();
  });
});
