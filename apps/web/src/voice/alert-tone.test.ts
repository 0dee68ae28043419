import { describe, expect, it } from 'vitest';
import { ALERT_TONE_BEEPS, createAlertTone, type ToneContextLike } from './alert-tone';

interface Scheduled {
  at: number;
  value: number;
}

function param() {
  const events: Scheduled[] = [];
  return {
    value: 0,
    events,
    setValueAtTime(value: number, at: number) {
      events.push({ at, value });
    },
    exponentialRampToValueAtTime(value: number, at: number) {
      events.push({ at, value });
    },
  };
}

/** A context that records its oscillators (frequency, start, stop) and gains. */
function fakeContext(state = 'running') {
  const oscillators: Array<{ hz: number; start: number; stop: number; connected: boolean }> = [];
  const gains: Array<ReturnType<typeof param>> = [];
  let resumes = 0;
  const context: ToneContextLike = {
    currentTime: 10,
    destination: {},
    state,
    resume: async () => {
      resumes += 1;
    },
    createOscillator() {
      const frequency = param();
      const record = { hz: 0, start: -1, stop: -1, connected: false };
      oscillators.push(record);
      return {
        type: 'square',
        frequency,
        connect: () => {
          record.connected = true;
        },
        start: (at = 0) => {
          record.hz = frequency.events[0]?.value ?? 0;
          record.start = at;
        },
        stop: (at = 0) => {
          record.stop = at;
        },
      };
    },
    createGain() {
      const gain = param();
      gains.push(gain);
      return { gain, connect: () => undefined };
    },
  };
  return { context, oscillators, gains, resumes: () => resumes };
}

describe('the alert tone', () => {
  it('plays its beeps from the context clock, each starting silent, rising and ending silent', () => {
    const fake = fakeContext();
    const tone = createAlertTone(() => fake.context);
    expect(tone.play(1)).toBe(true);
    expect(fake.oscillators.map(({ hz, start }) => ({ hz, start }))).toEqual(
      ALERT_TONE_BEEPS.map((b) => ({ hz: b.hz, start: 10 + b.at })),
    );
    for (const [i, o] of fake.oscillators.entries()) {
      expect(o.connected).toBe(true);
      expect(o.stop).toBeGreaterThan(o.start + ALERT_TONE_BEEPS[i]!.seconds);
    }
    for (const gain of fake.gains) {
      const values = gain.events.map((e) => e.value);
      expect(values[0]).toBeLessThan(0.001);
      expect(values.at(-1)).toBeLessThan(0.001);
      expect(Math.max(...values)).toBeCloseTo(0.35);
    }
  });

  it("follows the voice's volume, is silent at 0, and resumes a suspended context", () => {
    const fake = fakeContext('suspended');
    const tone = createAlertTone(() => fake.context);
    expect(tone.play(0.5)).toBe(true);
    expect(Math.max(...fake.gains[0]!.events.map((e) => e.value))).toBeCloseTo(0.175);
    expect(fake.resumes()).toBe(1);
    const before = fake.oscillators.length;
    expect(tone.play(0)).toBe(false);
    expect(fake.oscillators).toHaveLength(before);
  });

  it('makes one context for every play, and says false where there is no audio at all', () => {
    let made = 0;
    const fake = fakeContext();
    const tone = createAlertTone(() => {
      made += 1;
      return fake.context;
    });
    tone.play();
    tone.play();
    expect(made).toBe(1);
    expect(fake.oscillators).toHaveLength(ALERT_TONE_BEEPS.length * 2);

    expect(createAlertTone(() => null).play()).toBe(false);
    const broken = createAlertTone(() => {
      throw new Error('AudioContext not allowed');
    });
    expect(broken.play()).toBe(false);
  });
});
