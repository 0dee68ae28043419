/**
 * The one error type core throws, for programming errors only (an invalid seed, an amount that is not a whole
 * number of santim...). Expected outcomes (an invalid card, a losing claim, an action the game does not allow)
 * are returned as values with a code instead, so callers can show them without try/catch.
 */
export class CoreError extends Error {
  override readonly name = 'CoreError';
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}
