import { describe, expect, it } from 'vitest';

import { imapServerFor, parseImapServers } from './imap-servers.ts';

describe('IMAP server per mail domain', () => {
  it('takes TOYDESK_IMAP_SERVERS first, then the well-known table, then imap.<domain>:993', () => {
    const configured = parseImapServers(
      'corp.example=imaps://mx.corp.example:1993, sim.test=imap://127.0.0.1:1143',
    );
    expect(imapServerFor('a@Corp.Example', configured)).toEqual({
      host: 'mx.corp.example',
      port: 1993,
      secure: true,
    });
    expect(imapServerFor('b@sim.test', configured)).toEqual({ host: '127.0.0.1', port: 1143, secure: false });
    expect(imapServerFor('c@gmail.com', configured)).toEqual({
      host: 'imap.gmail.com',
      port: 993,
      secure: true,
    });
    expect(imapServerFor('d@mail.ru', configured)).toEqual({ host: 'imap.mail.ru', port: 993, secure: true });
    expect(imapServerFor('e@other.example', configured)).toEqual({
      host: 'imap.other.example',
      port: 993,
      secure: true,
    });
  });

  it('refuses plain IMAP off loopback, malformed entries and addresses', () => {
    expect(() => parseImapServers('corp.example=imap://mx.corp.example:143')).toThrow(/plain imap/);
    expect(() => parseImapServers('corp.example')).toThrow(/domain=imaps/);
    expect(() => parseImapServers('corp.example=https://x')).toThrow(/domain=imaps/);
    expect(() => imapServerFor('not-an-address', new Map())).toThrow(/not an email address/);
  });
});
