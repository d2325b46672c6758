/**
 * A refusal by the market (unknown item, not enough money, ...): `code` is the market's own error string
 * and the definition turns it into the market's error body with `status`.
 */
export class KitError extends Error {
  constructor(
    readonly code: string,
    message: string = code,
    readonly status = 400,
  ) {
    super(message);
    this.name = 'KitError';
  }
}
