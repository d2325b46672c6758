import { describe, expect, it } from 'vitest';

import { matchMaFile, parseMaFile } from './mafile';

const accounts = [
  { id: 1, steam_account_name: 'trade_bot_01', login: 'tb01', steam_id: '76561198000000001' },
  { id: 2, steam_account_name: 'trade_bot_02', login: null, steam_id: null },
];

describe('maFile import', () => {
  it('keeps the SteamID64 digits SDA writes as a JSON number', () => {
    const text = '{"shared_secret":"c2VjcmV0","account_name":"x","Session":{"SteamID":76561198000000001}}';
    const parsed = parseMaFile('a.maFile', text);
    expect(parsed.steamId).toBe('76561198000000001');
    expect(parsed.problem).toBeNull();
    expect(matchMaFile(parsed, accounts)).toBe(1);
  });

  it('matches by login or account name, then by the file name', () => {
    const byLogin = parseMaFile('x.maFile', '{"shared_secret":"s","account_name":"TB01"}');
    expect(matchMaFile(byLogin, accounts)).toBe(1);
    const byName = parseMaFile('x.maFile', '{"shared_secret":"s","account_name":"trade_bot_02"}');
    expect(matchMaFile(byName, accounts)).toBe(2);
    const byFile = parseMaFile('trade_bot_02.maFile', '{"shared_secret":"s"}');
    expect(matchMaFile(byFile, accounts)).toBe(2);
    expect(matchMaFile(parseMaFile('nobody.maFile', '{"shared_secret":"s"}'), accounts)).toBeNull();
  });

  it('names what is wrong with a file that is not a maFile', () => {
    expect(parseMaFile('a.txt', 'not json').problem).toBe('notJson');
    expect(parseMaFile('a.maFile', '[1]').problem).toBe('notJson');
    expect(parseMaFile('a.maFile', '{"account_name":"x"}').problem).toBe('noSharedSecret');
  });
});
