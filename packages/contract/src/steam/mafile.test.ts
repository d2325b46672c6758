import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { parseJsonLossless } from '../json/parse-json-lossless.ts';
import { readMaFile } from './mafile.ts';
import { steamId64Schema } from './steam-id64.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('readMaFile', () => {
  it('reads the older SDA format with its bare SteamID exact', () => {
    const result = readMaFile(parseJsonLossless(fixture('sda-old.maFile')));
    expect(result).toEqual({
      ok: true,
      data: {
        account_name: 'toydeskbot1',
        steam_id: '76561198000000002',
        shared_secret: 'zvIayp3JPvtvX/QGHqsqKBk/44s=',
        identity_secret: 'Nz8xLSj4TwTdQbhUnp+CUy+H1gM=',
        revocation_code: 'R52781',
        format: 'old',
      },
    });
  });

  it('reads the newer SDA format (access and refresh tokens)', () => {
    const result = readMaFile(parseJsonLossless(fixture('sda-new.maFile')));
    expect(result.ok && result.data).toMatchObject({
      account_name: 'toydeskbot2',
      steam_id: '76561199999999999',
      format: 'new',
    });
  });

  it('refuses the SteamID JSON.parse made of it: a rounded number', () => {
    const result = readMaFile(JSON.parse(fixture('sda-old.maFile')));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors['Session.SteamID']?.[0]).toContain('rounded');
  });

  it('refuses a missing, non-digit or out-of-range SteamID and a file without shared_secret', () => {
    const base = { shared_secret: 'c2VjcmV0', account_name: 'bot' };
    for (const Session of [
      undefined,
      {},
      { SteamID: 'abc' },
      { SteamID: '12345' },
      { SteamID: '99999999999999999' },
    ]) {
      const result = readMaFile({ ...base, Session });
      expect(result.ok, JSON.stringify(Session)).toBe(false);
    }
    expect(readMaFile({ account_name: 'bot', Session: { SteamID: '76561198000000002' } })).toMatchObject({
      ok: false,
      errors: { shared_secret: expect.any(Array) },
    });
    expect(readMaFile('not an object').ok).toBe(false);
  });

  it('reads SteamId in any case and a file without Session but a top-level steamid', () => {
    expect(readMaFile({ shared_secret: 'x', Session: { steamid: '76561198000000002' } })).toMatchObject({
      ok: true,
      data: { steam_id: '76561198000000002', format: 'old' },
    });
    expect(readMaFile({ shared_secret: 'x', steamid: '76561198000000002' })).toMatchObject({
      ok: true,
      data: { format: 'none' },
    });
  });

  it('steamId64Schema keeps a digit string and refuses a number', () => {
    expect(steamId64Schema.parse('76561202255233023')).toBe('76561202255233023');
    expect(steamId64Schema.safeParse(Number('76561198000000002')).success).toBe(false);
    expect(steamId64Schema.safeParse('76561202255233024').success).toBe(false);
  });
});
