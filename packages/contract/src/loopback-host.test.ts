import { describe, expect, it } from 'vitest';

import { isLoopbackHost } from './loopback-host.ts';

describe('isLoopbackHost', () => {
  it.each([
    'localhost',
    'LOCALHOST',
    'localhost.',
    '127.0.0.1',
    '127.1.2.3',
    '127.255.255.255',
    '::1',
    '[::1]',
    '0:0:0:0:0:0:0:1',
    '0000:0000:0000:0000:0000:0000:0000:0001',
    '::ffff:127.0.0.1',
    '::FFFF:7f00:1',
  ])('%s is loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each([
    '',
    '10.0.0.13',
    '128.0.0.1',
    '126.255.255.255',
    '0.0.0.0',
    '::',
    '::2',
    '1::1',
    '::ffff:10.0.0.1',
    '::127.0.0.1',
    '127.0.0.1.example.com',
    'localhost.example.com',
    'steamcommunity.com',
    // Spellings some resolvers read as 127.0.0.1: refused rather than guessed at.
    '127.1',
    '0x7f.0.0.1',
    '0177.0.0.1',
    '2130706433',
    '127.0.0.256',
    '::1%lo',
    '1::2::1',
    '[::1',
  ])('%s is not loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });
});
