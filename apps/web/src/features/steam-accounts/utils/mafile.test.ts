import { describe, expect, it } from 'vitest';

import newMaFile from '../../../../../../packages/contract/src/steam/fixtures/sda-new.maFile?raw';
import oldMaFile from '../../../../../../packages/contract/src/steam/fixtures/sda-old.maFile?raw';
import { maFileMismatch, matchMaFile, parseMaFile } from './mafile';

const accounts = [
  { id: 1, steam_account_name: 'trade_bot_01', login: 'tb01', steam_id: '76561198000000001' },
  { id: 2, steam_account_name: 'trade_bot_02', login: null, steam_id: null },
  { id: 3, steam_account_name: 'toydeskbot1', login: null, steam_id: '76561198000000000' },
];

describe('maFile import', () => {
  it('keeps the SteamID64 digits SDA writes as a JSON number, in the file sent too', () => {
    const text = '{"shared_secret":"c2VjcmV0","account_name":"x","Session":{"SteamID":76561198000000001}}';
    const parsed = parseMaFile('a.maFile', text);
    expect(parsed.steamId).toBe('76561198000000001');
    expect(parsed.problem).toBeNull();
    expect(matchMaFile(parsed, accounts)).toBe(1);
    expect(JSON.stringify(parsed.mafile)).toContain('"SteamID":"76561198000000001"');
  });

  it('reads both SDA formats (fixtures beside the contract, sources in their SOURCE.md)', () => {
    const older = parseMaFile('toydeskbot1.maFile', oldMaFile);
    expect(older).toMatchObject({ accountName: 'toydeskbot1', steamId: '76561198000000002', problem: null });
    const newer = parseMaFile('toydeskbot2.maFile', newMaFile);
    expect(newer).toMatchObject({ accountName: 'toydeskbot2', steamId: '76561199999999999', problem: null });
    // A SteamID stored rounded (the old bug): matched by name, flagged as another SteamID.
    expect(matchMaFile(older, accounts)).toBe(3);
    expect(maFileMismatch(older, accounts[2]!)).toEqual({ accountName: false, steamId: true });
  });

  it('matches by login or account name, then by the file name', () => {
    const id = '"Session":{"SteamID":76561198000000009}';
    const byLogin = parseMaFile('x.maFile', `{"shared_secret":"s","account_name":"TB01",${id}}`);
    expect(matchMaFile(byLogin, accounts)).toBe(1);
    const byName = parseMaFile('x.maFile', `{"shared_secret":"s","account_name":"trade_bot_02",${id}}`);
    expect(matchMaFile(byName, accounts)).toBe(2);
    const byFile = parseMaFile('trade_bot_02.maFile', `{"shared_secret":"s",${id}}`);
    expect(matchMaFile(byFile, accounts)).toBe(2);
    expect(matchMaFile(parseMaFile('nobody.maFile', `{"shared_secret":"s",${id}}`), accounts)).toBeNull();
  });

  it('flags a maFile of another account', () => {
    const file = parseMaFile('x.maFile', oldMaFile);
    expect(maFileMismatch(file, accounts[0]!)).toEqual({ accountName: true, steamId: true });
    expect(maFileMismatch(file, accounts[1]!)).toEqual({ accountName: true, steamId: false });
  });

  it('names what is wrong with a file that is not a maFile', () => {
    expect(parseMaFile('a.txt', 'not json').problem).toBe('notJson');
    expect(parseMaFile('a.maFile', '[1]').problem).toBe('notJson');
    expect(parseMaFile('a.maFile', '{"account_name":"x"}').problem).toBe('noSharedSecret');
    // Another refused field is named, not taken for a missing SteamID.
    expect(
      parseMaFile(
        'a.maFile',
        '{"shared_secret":"s","identity_secret":5,"Session":{"SteamID":76561198000000002}}',
      ),
    ).toMatchObject({ problem: 'badField', problemField: 'identity_secret' });
    expect(parseMaFile('a.maFile', '{"shared_secret":"s","Session":{}}').problem).toBe('noSteamId');
    expect(parseMaFile('a.maFile', '{"shared_secret":"s","Session":{"SteamID":"abc"}}').problem).toBe(
      'badSteamId',
    );
    expect(parseMaFile('a.maFile', '{"shared_secret":"s","Session":{"SteamID":123}}').problem).toBe(
      'badSteamId',
    );
  });
});
