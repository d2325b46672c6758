import { HttpNetworkError, HttpTimeoutError, type HttpErrorInit } from '@toydesk/http';
import { describe, expect, it } from 'vitest';

import { proxyFailureReason, proxyStatusReason } from './proxy-failure.ts';

const init = (statusText: string, cause?: unknown): HttpErrorInit => ({
  code: 'ERR_NETWORK',
  call: 'proxy.check',
  method: 'GET',
  url: 'http://127.0.0.1/robots.txt',
  status: null,
  statusText,
  attempts: 1,
  cause,
});

const systemError = (code: string, message = `connect ${code} 127.0.0.1:9`) =>
  Object.assign(new Error(message), { code });

describe('proxy check failure reasons', () => {
  it('names a timeout, a refused connection, refused credentials and a wrong address', () => {
    expect(
      proxyFailureReason(new HttpTimeoutError({ ...init('timed out after 2000 ms'), code: 'ERR_TIMEOUT' })),
    ).toBe('timeout');
    expect(proxyFailureReason(new HttpNetworkError(init('ECONNREFUSED', systemError('ECONNREFUSED'))))).toBe(
      'refused',
    );
    // undici wraps the system error in an AggregateError when several addresses were tried.
    const both = new AggregateError([systemError('ECONNREFUSED'), systemError('ECONNREFUSED')], '');
    expect(proxyFailureReason(new HttpNetworkError(init('connection failed', both)))).toBe('refused');
    expect(
      proxyFailureReason(
        new HttpNetworkError(
          init(
            'Proxy response (407) !== 200 when HTTP Tunneling',
            new Error('Proxy Authentication Required'),
          ),
        ),
      ),
    ).toBe('auth');
    expect(proxyFailureReason(new Error('Socks5 Authentication failed'))).toBe('auth');
    expect(
      proxyFailureReason(
        new HttpNetworkError(
          init('ENOTFOUND', systemError('ENOTFOUND', 'getaddrinfo ENOTFOUND proxy.invalid')),
        ),
      ),
    ).toBe('address');
    expect(proxyFailureReason(systemError('EHOSTUNREACH'))).toBe('address');
    expect(proxyFailureReason(systemError('ECONNRESET', 'socket hang up'))).toBe('network');
  });

  it('reads an answer: 407 is refused credentials, 502-504 a proxy that did not get through, others work', () => {
    expect(proxyStatusReason(407)).toBe('auth');
    expect([502, 503, 504].map(proxyStatusReason)).toEqual(['http_status', 'http_status', 'http_status']);
    expect([200, 301, 403, 404, 500].map(proxyStatusReason)).toEqual([null, null, null, null, null]);
  });
});
