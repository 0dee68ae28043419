// The layout of a voice pack (issue 9): the same for the default packs the web ships under /assets/voices and
// for a hall's own pack uploaded as a zip. The file names and formats are the product's
// (product/voices.md#pack-layout); the ids are ours, one per sound, so code never spells a file name.
import { letterOf, NUMBER_MAX } from '@cartela/core';

/** The folder of each letter's number calls. */
export const VOICE_LETTER_FOLDERS = {
  B: 'b-voices',
  I: 'i-voices',
  N: 'n-voices',
  G: 'g-voices',
  O: 'o-voices',
} as const;

/**
 * A number call's path inside a pack: 'b-voices/b1.mp3' ... 'o-voices/o75.mp3' (mp3,
 * product/voices.md#pack-layout).
 */
export function numberVoicePath(n: number): string {
  const letter = letterOf(n);
  return `${VOICE_LETTER_FOLDERS[letter]}/${letter.toLowerCase()}${n}.mp3`;
}

/** Every number call's path, 1-75 in order. */
export const NUMBER_VOICE_PATHS: readonly string[] = Array.from({ length: NUMBER_MAX }, (_, i) =>
  numberVoicePath(i + 1),
);

/**
 * The special sounds: id, file (at the pack's root), and whether it is speech (a caller says it) or a sound the
 * pack makes otherwise. The blocked voice was spelled 'cartella_blocked' and 'cartelaa_blocked'; the file is
 * the second (product/voices.md#pack-layout), the id is one spelling for both.
 */
export const SPECIAL_SOUNDS = [
  { id: 'game_started', file: 'game_started.m4a', speech: true },
  { id: 'game_end', file: 'game_end.m4a', speech: true },
  { id: 'good_bingo', file: 'Goodbingo.m4a', speech: true },
  { id: 'winner_cartela', file: 'winner_cartela_voice.m4a', speech: true },
  { id: 'cartela_blocked', file: 'cartelaa_blocked.m4a', speech: true },
  /** Amharic 'ካርቴላ ከጨዋታው ውጪ ነው': the cartela is not in this game. */
  { id: 'cartela_not_in_game', file: 'cartelakechewatawuch.m4a', speech: true },
  { id: 'pause', file: 'pause_voice.m4a', speech: true },
  { id: 'shuffling', file: 'shuffling.mp3', speech: false },
  { id: 'winning', file: 'winning.mp3', speech: false },
  { id: 'coin_shuffle', file: 'Coin-shuffle-system.mp3', speech: false },
  /** 'Everybody jump' (product/voices.md#pack-layout): played when the voice is turned on and at the first call. */
  { id: 'everybody_jump', file: 'EVERYBODYJUMPBuilding.mp3', speech: true },
] as const;

export type SpecialSoundId = (typeof SPECIAL_SOUNDS)[number]['id'];

/** Every file a complete pack holds: the 75 number calls, then the special sounds. */
export const VOICE_PACK_FILES: readonly string[] = [
  ...NUMBER_VOICE_PATHS,
  ...SPECIAL_SOUNDS.map((s) => s.file),
];

/** A download smaller than this is corrupt (product/voices.md#voice-manager): it is fetched again. */
export const VOICE_MIN_BYTES = 10_000;
/**
 * The voice system is ready with all 75 numbers and at least this many special sounds
 * (product/voices.md#voice-manager).
 */
export const VOICE_READY_SPECIALS = 8;
/** Sounds of a sequence are this far apart (product/voices.md#voice-manager). */
export const VOICE_SEQUENCE_GAP_MS = 1000;
/** The winning sound that follows good bingo stops after this long (product/voices.md#sounds-of-a-game). */
export const WINNING_SOUND_MS = 10_000;
/**
 * The default packs the web ships: Amharic is the default (issue 9), English the second, Afaan Oromoo the third
 * (the default of an agent whose screens are in Oromo, decision 078).
 */
export const DEFAULT_VOICE_PACKS = [
  { id: 'default-am', language: 'am', name: 'አማርኛ (Amharic)', baseUrl: '/assets/voices/' },
  { id: 'default-en', language: 'en', name: 'English', baseUrl: '/assets/voices/en/' },
  { id: 'default-om', language: 'om', name: 'Afaan Oromoo', baseUrl: '/assets/voices/om/' },
] as const;
/** The version of the default packs the web ships: changes when their files do. */
export const DEFAULT_VOICE_PACK_VERSION = 'v1';
export type DefaultVoicePackId = (typeof DEFAULT_VOICE_PACKS)[number]['id'];
