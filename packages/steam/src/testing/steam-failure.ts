import { SteamError } from '../steam-error.ts';

/** Tests: the SteamError a call fails with (any other outcome fails the test). */
export async function steamFailure(promise: Promise<unknown>): Promise<SteamError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SteamError) return error;
    throw error;
  }
  throw new Error('expected a SteamError');
}
