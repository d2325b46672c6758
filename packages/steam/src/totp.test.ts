import SteamTotp from 'steam-totp';
import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  confirmationKey,
  deviceIdFor,
  isSteamGuardCodeValid,
  steamGuardCodeAt,
  steamGuardCodeNow,
} from './totp.ts';

const CHARS = '23456789BCDFGHJKMNPQRTVWXY';

/** Steam's code from an RFC 4226 truncated value: five base-26 digits in Steam's alphabet, least significant first. */
function steamDigits(truncated: number): string {
  let value = truncated;
  let code = '';
  for (let i = 0; i < 5; i++) {
    code += CHARS[value % 26];
    value = Math.floor(value / 26);
  }
  return code;
}

describe('Steam Guard codes (steam-totp)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('matches the RFC 4226 appendix D truncated values for the secret "12345678901234567890"', () => {
    // HOTP counter = floor(time / 30), so counter n is the window starting at 30·n.
    const truncated = [
      1284755224, 1094287082, 137359152, 1726969429, 1640338314, 868254676, 1918287922, 82162583, 673399871,
      645520489,
    ];
    const secret = Buffer.from('12345678901234567890').toString('base64');
    truncated.forEach((value, counter) => {
      expect(steamGuardCodeAt(secret, counter * 30 + 7)).toBe(steamDigits(value));
      vi.useFakeTimers({ now: (counter * 30 + 7) * 1000 });
      expect(SteamTotp.generateAuthCode(secret)).toBe(steamDigits(value));
      vi.useRealTimers();
    });
  });

  it('gives steam-totp’s codes and confirmation keys (pinned vectors, base64 and hex secrets)', () => {
    const vectors: [string, number, string, string][] = [
      ['cnOgv/KdpLoP6Nbh0GMkXkPXALQ=', 1_700_000_000, 'X45RP', 'bjIMabnfzbAatLClUSDOxFNe1/I='],
      ['cnOgv/KdpLoP6Nbh0GMkXkPXALQ=', 1_735_689_600, 'DQ5KF', 'ff/mHSRsyB0eBdD/PdIrClZ7KtA='],
      ['cnOgv/KdpLoP6Nbh0GMkXkPXALQ=', 2_000_000_029, 'HQPVP', '7tRP0hAMrExJVP+VrJMD6UaAzvg='],
      ['00112233445566778899aabbccddeeff00112233', 1_700_000_000, 'V5C9C', 'pEKnzAXCB86Bla3ZVYMbhh0ahPM='],
      ['00112233445566778899aabbccddeeff00112233', 1_735_689_600, 'R5D7F', 'BNmHmRZYcyX2lvFZ+j7789RdcoM='],
    ];
    for (const [secret, time, code, acceptKey] of vectors) {
      expect(steamGuardCodeAt(secret, time)).toBe(code);
      expect(confirmationKey(secret, time, 'accept')).toBe(acceptKey);
      vi.useFakeTimers({ now: time * 1000 + 500 });
      expect(SteamTotp.generateAuthCode(secret)).toBe(code);
      expect(steamGuardCodeNow(secret)).toBe(code);
      expect(steamGuardCodeNow(secret, 30)).toBe(steamGuardCodeAt(secret, time + 30));
      vi.useRealTimers();
    }
    expect(deviceIdFor('76561197960287930')).toBe('android:6d3f10d9-6369-a1ae-97a0-94df28b95192');
  });

  it('agrees with steam-totp at many times', () => {
    const secret = Buffer.from(Array.from({ length: 20 }, (_, i) => (i * 37) % 256)).toString('base64');
    vi.useFakeTimers();
    for (let time = 1_600_000_000; time < 1_600_000_000 + 400 * 977; time += 977) {
      vi.setSystemTime(time * 1000);
      expect(steamGuardCodeAt(secret, time)).toBe(SteamTotp.generateAuthCode(secret));
    }
  });

  it('accepts a code one window either side only', () => {
    const secret = 'cnOgv/KdpLoP6Nbh0GMkXkPXALQ=';
    const code = steamGuardCodeAt(secret, 1_700_000_000);
    expect(isSteamGuardCodeValid(secret, code, 1_700_000_000)).toBe(true);
    expect(isSteamGuardCodeValid(secret, code.toLowerCase(), 1_700_000_029)).toBe(true);
    expect(isSteamGuardCodeValid(secret, code, 1_700_000_000 - 30)).toBe(true);
    expect(isSteamGuardCodeValid(secret, code, 1_700_000_000 + 90)).toBe(false);
  });
});
