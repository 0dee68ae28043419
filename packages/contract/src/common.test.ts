// Names look like who they are (decision 058), and an agent's commission is never below its minimum (decision
// 056): the contract's rules, which the server and the web forms both use.
import { describe, expect, it } from 'vitest';
import { CreateAgentRequest, UpdateAgentRequest } from './agents.js';
import { LoginRequest } from './auth.js';
import { nameProblem, normaliseName } from './common.js';
import { belowMinimum, Username } from './users.js';
import { UpdateVoicePackRequest } from './voice-packs.js';

const refusal = (value: string) => {
  const parsed = Username.safeParse(value);
  return parsed.success ? null : parsed.error.issues.map((i) => i.message);
};

describe('names', () => {
  it.each([
    ['a zero-width space', 'agent1\u200B'],
    ['a left-to-right mark', 'agent\u200E1'],
    ['a right-to-left override', '\u202E1tnega'],
    ['a byte order mark inside', 'agent\uFEFF1'],
    ['a soft hyphen', 'age\u00ADnt1'],
    ['a control character', 'agent\u00011'],
    ['an escape sequence', '\u001B[31magent1'],
    ['a zero-width joiner', 'agent\u200D1'],
    ['an invisible times', 'agent\u20621'],
    ['a Hangul filler', '\u3164'],
    ['a halfwidth Hangul filler', 'agent\uFFA0'],
    ['the blank Braille pattern', 'agent\u2800'],
    ['a combining grapheme joiner', 'agent\u034F1'],
    ['a variation selector', 'agent\uFE0F1'],
    ['a tag character', 'agent\u{E0041}1'],
    ['a private use character', 'agent\uE0001'],
    ['an unassigned code point', 'agent\u03781'],
    ['a lone surrogate', 'agent\uD8001'],
    ['a line separator', 'agent\u20281'],
    ['a paragraph separator', 'agent\u20291'],
    ['the Ogham space mark', 'agent\u16801'],
  ])('refuses %s', (_what, name) => {
    expect(refusal(name)).toEqual(['Must not contain invisible, control or text-direction characters']);
  });

  it('normalises to NFKC and trims: fullwidth, ligatures and odd spaces become the ordinary name', () => {
    expect(Username.parse('\uFF41\uFF47\uFF45\uFF4E\uFF54\uFF11')).toBe('agent1');
    expect(Username.parse('\uFB01nance')).toBe('finance');
    expect(Username.parse('\u00A0hall\u00A07 ')).toBe('hall 7');
    expect(Username.parse('\uFEFFagent1')).toBe('agent1');
    expect(normaliseName(' \uFF21\uFF24\uFF2D\uFF29\uFF2E ')).toBe('ADMIN');
  });

  it("keeps Ge'ez (Amharic), Latin with Ge'ez, digits, single spaces and punctuation", () => {
    for (const name of ['ወኪል1', 'ቦሌ ወኪል', 'Bole ወኪል 2', 'counter-2', "o'brien", 'agent_1.hall', 'ሀ']) {
      expect(refusal(name), name).toBeNull();
    }
  });

  it('refuses what would show as another name: two spaces in a row, Latin mixed with Cyrillic or Greek', () => {
    expect(refusal('agent  1')).toEqual(['Use one space between words']);
    expect(refusal('\u0430gent1')).toEqual(['Must not mix Latin, Greek and Cyrillic letters']);
    expect(refusal('\u03BFrder')).toEqual(['Must not mix Latin, Greek and Cyrillic letters']);
    // One alphabet alone is a name.
    expect(refusal('агент')).toBeNull();
    expect(nameProblem('ok name')).toBeNull();
  });

  it('keeps the length rule after normalising, and the NUL rule of every text', () => {
    expect(refusal('   ')).toEqual(['Username is required']);
    expect(refusal('x'.repeat(65))).toEqual(['At most 64 characters']);
    expect(refusal('a\u0000b')).toContain('Must not contain a NUL character');
  });

  it('normalises the sign-in name the same way, without refusing it (an unknown name is just unknown)', () => {
    expect(
      LoginRequest.parse({ username: ' \uFF41\uFF47\uFF45\uFF4E\uFF54\uFF11 ', password: 'x' }).username,
    ).toBe('agent1');
    expect(LoginRequest.safeParse({ username: 'agent1\u200B', password: 'x' }).success).toBe(true);
  });

  it("applies to a voice pack's name too", () => {
    expect(UpdateVoicePackRequest.safeParse({ name: 'Amharic\u202E' }).success).toBe(false);
    expect(UpdateVoicePackRequest.parse({ name: ' ድምፅ ' }).name).toBe('ድምፅ');
  });
});

describe("an agent's minimum commission", () => {
  it('is 10 for a new agent, and the commission may not be below it', () => {
    expect(CreateAgentRequest.parse({ username: 'a', password: 'secret1' })).toMatchObject({
      commissionPercentage: 10,
      minCommissionPercentage: 10,
    });
    const low = CreateAgentRequest.safeParse({
      username: 'a',
      password: 'secret1',
      commissionPercentage: 9.9999,
    });
    expect(low.error?.issues).toMatchObject([
      { path: ['commissionPercentage'], message: 'Must be at least the minimum commission of 10%' },
    ]);
    expect(
      CreateAgentRequest.safeParse({
        username: 'a',
        password: 'secret1',
        commissionPercentage: 0,
        minCommissionPercentage: 0,
      }).success,
    ).toBe(true);
  });

  it('checks an update that sends both (the server checks the rest against the agent)', () => {
    expect(
      UpdateAgentRequest.safeParse({ commissionPercentage: 5, minCommissionPercentage: 6 }).success,
    ).toBe(false);
    expect(UpdateAgentRequest.safeParse({ minCommissionPercentage: 6 }).success).toBe(true);
    expect(belowMinimum(12.5, 12.5)).toBe(false);
    expect(belowMinimum(12.4999, 12.5)).toBe(true);
    // Not a percentage: no verdict here, the field's own rule refuses it.
    expect(belowMinimum(Number.NaN, 10)).toBe(false);
  });

  it('takes a new coin balance only with the balance the form showed', () => {
    expect(UpdateAgentRequest.safeParse({ virtualCoins: 5, virtualCoinsShown: 10 }).success).toBe(true);
    expect(UpdateAgentRequest.safeParse({ virtualCoinsShown: 10 }).error?.issues).toMatchObject([
      { path: ['virtualCoinsShown'] },
    ]);
    expect(UpdateAgentRequest.safeParse({ virtualCoins: 5, virtualCoinsShown: -1 }).success).toBe(false);
  });
});
