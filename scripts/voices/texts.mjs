// What each default pack says: the number calls in a caller's style (the letter, a short pause, the number in
// words) and the speech among the special sounds (keyed by the contract's SPECIAL_SOUNDS ids).
import { amharicNumber } from './amharic-numbers.mjs';
import { oromoNumber } from './oromo-numbers.mjs';

const ENGLISH_UNITS = [
  '',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const ENGLISH_TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** The English words for 1-99, e.g. 75 -> 'seventy-five'. */
export function englishNumber(n) {
  if (!Number.isInteger(n) || n < 1 || n > 99) throw new RangeError(`englishNumber: ${n} is not in 1-99`);
  if (n < 20) return ENGLISH_UNITS[n];
  const unit = n % 10;
  const tens = ENGLISH_TENS[Math.floor(n / 10)];
  return unit === 0 ? tens : `${tens}-${ENGLISH_UNITS[unit]}`;
}

/**
 * Per language: the espeak-ng voice and speed (words per minute; a caller speaks slower than espeak's 175),
 * the letters as speakers of the language say them, the number words, and the special sounds' speech.
 * The comma after the letter gives the caller's short pause ('B ... one').
 */
export const LANGUAGES = {
  am: {
    voice: 'am',
    speed: 135,
    letters: { B: 'ቢ', I: 'አይ', N: 'ኤን', G: 'ጂ', O: 'ኦ' },
    number: amharicNumber,
    speech: {
      game_started: 'ጨዋታው ተጀምሯል',
      game_end: 'ጨዋታው አልቋል',
      good_bingo: 'ጥሩ ቢንጎ!',
      winner_cartela: 'አሸናፊ ካርቴላ',
      cartela_blocked: 'ካርቴላው ታግዷል',
      cartela_not_in_game: 'ካርቴላው ከጨዋታው ውጪ ነው',
      pause: 'ጨዋታው ቆሟል',
      everybody_jump: 'ሁላችሁም ዝለሉ!',
    },
  },
  en: {
    voice: 'en-us',
    speed: 140,
    letters: { B: 'B', I: 'I', N: 'N', G: 'G', O: 'O' },
    number: englishNumber,
    speech: {
      game_started: 'The game has started',
      game_end: 'The game is over',
      good_bingo: 'Good bingo!',
      winner_cartela: 'Winner cartela',
      cartela_blocked: 'This cartela is blocked',
      cartela_not_in_game: 'This cartela is not in the game',
      pause: 'The game is paused',
      everybody_jump: 'Everybody jump!',
    },
  },
  // Afaan Oromoo (decision 078): the letters by their Qubee names (ba, i, na, ga, o), the numbers in Oromo.
  om: {
    voice: 'om',
    speed: 135,
    letters: { B: 'ba', I: 'i', N: 'na', G: 'ga', O: 'o' },
    number: oromoNumber,
    speech: {
      game_started: 'Taphni jalqabeera',
      game_end: 'Taphni xumurameera',
      good_bingo: 'Bingoo sirrii!',
      winner_cartela: "Kartelaa mo'ate",
      cartela_blocked: 'Kartelaan kun dhorkameera',
      cartela_not_in_game: 'Kartelaan kun tapha kana keessa hin jiru',
      pause: 'Taphni dhaabbateera',
      everybody_jump: 'Hundi keessan utaalaa!',
    },
  },
};

/** A number call's text, e.g. ('am', 'B', 1) -> 'ቢ, አንድ'; ('en', 'O', 75) -> 'O, seventy-five'. */
export function callText(language, letter, n) {
  const lang = LANGUAGES[language];
  return `${lang.letters[letter]}, ${lang.number(n)}`;
}
