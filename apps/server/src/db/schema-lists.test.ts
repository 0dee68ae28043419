// The database's CHECK constraints list values the contract owns: kept equal here, so adding a language or a
// default voice pack to the contract without a migration fails a test, not a user's request.
import { DEFAULT_VOICE_PACKS, LANGUAGE_CODES } from '@cartela/contract';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../modules/users/schema.js';
import { DEFAULT_PACK_IDS } from '../modules/voice-packs/schema.js';

describe("the schema's lists", () => {
  it("are the contract's languages and default voice packs", () => {
    expect([...LANGUAGES]).toEqual([...LANGUAGE_CODES]);
    expect([...DEFAULT_PACK_IDS]).toEqual(DEFAULT_VOICE_PACKS.map((p) => p.id));
  });
});
