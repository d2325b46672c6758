import type { BotSteamGuardCode } from '@toydesk/contract';
import { steamGuardCodeAt } from '@toydesk/steam';

const WINDOW_SECONDS = 30;

/**
 * The Steam Guard code of the 30-second window holding `nowMs`, and how long it stays valid. Computed here
 * from the decrypted shared_secret, which never leaves the bot services (nor reaches a log).
 */
export function guardCodeAt(sharedSecret: string, nowMs: number): BotSteamGuardCode {
  const seconds = Math.floor(nowMs / 1000);
  return {
    code: steamGuardCodeAt(sharedSecret, seconds),
    valid_for_seconds: WINDOW_SECONDS - (seconds % WINDOW_SECONDS),
    generated_at: new Date(nowMs).toISOString(),
  };
}
