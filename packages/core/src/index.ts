// @cartela/core: every rule of the game and of the money, once. Pure TypeScript, no I/O: the server and the
// browser (the offline game room) import the same code.

export {
  allBalls,
  BINGO_LETTERS,
  type BingoLetter,
  ballLabel,
  CARTELA_MAX,
  CARTELA_MIN,
  COLUMN_RANGES,
  COLUMN_SIZE,
  columnOf,
  isBallNumber,
  isCartelaNumber,
  letterOf,
  NUMBER_MAX,
  NUMBER_MIN,
} from './bingo.js';
export {
  DRAW_PREFIX,
  DRAW_VERSION,
  drawOrder,
  isCommitment,
  isSeedHex,
  SHUFFLE_PREFIX,
  seedCommitment,
  shuffleRemaining,
  type VerifyGameCode,
  type VerifyGameInput,
  type VerifyGameResult,
  verifyGame,
} from './draw.js';
export { CoreError } from './errors.js';
export {
  cryptoRandomSource,
  type RandomSource,
  randomBelow,
  randomBytes,
  randomSeedHex,
  seededRandomSource,
  shuffleInPlace,
} from './random.js';
