/** Bad input to the control API (answered with HTTP 400 and the message). */
export class InputError extends Error {
  override name = 'InputError';
}
