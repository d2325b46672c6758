import { createPrivateKey, sign } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { KitControlClient, type KitCreatedAccount } from '../kit/kit-control-client.ts';
import { createSimulatorServer, type SimulatorServer } from '../server.ts';
import {
  generateDmarketKeyPair,
  publicKeyFromHex,
  signedText,
  verifyDmarketSignature,
} from './dmarket-signature.ts';

/** Raw HTTP against the DMarket simulator: the signature check must refuse anything not signed by the key. */

let server: SimulatorServer;
let base: string;
let control: KitControlClient;
let account: KitCreatedAccount;

const PKCS8 = Buffer.from('302e020100300506032b657004220420', 'hex');

function signedHeaders(
  secretHex: string,
  publicHex: string,
  text: string,
  date: string,
): Record<string, string> {
  const key = createPrivateKey({
    key: Buffer.concat([PKCS8, Buffer.from(secretHex.slice(0, 64), 'hex')]),
    format: 'der',
    type: 'pkcs8',
  });
  return {
    'x-api-key': publicHex,
    'x-sign-date': date,
    'x-request-sign': `dmar ed25519 ${sign(null, Buffer.from(text), key).toString('hex')}`,
  };
}

function call(
  method: string,
  pathAndQuery: string,
  body = '',
  options: { date?: string; tamper?: (h: Record<string, string>) => void; signBody?: string } = {},
) {
  const date = options.date ?? String(Math.floor(Date.now() / 1000));
  const headers = signedHeaders(
    account.secretKey as string,
    account.publicKey as string,
    signedText(method, pathAndQuery, options.signBody ?? body, date),
    date,
  );
  options.tamper?.(headers);
  return fetch(`${base}/dmarket${pathAndQuery}`, {
    method,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body } : {}),
  });
}

beforeAll(async () => {
  server = await createSimulatorServer();
  base = await server.listen();
  control = new KitControlClient(`${base}/dmarket`);
  account = await control.account({ money: '12.34', inventory: 1 });
});
afterAll(() => server.close());

describe('DMarket simulator signature check', () => {
  it('generates an Ed25519 pair as "publicHex:secretHex" (64-byte NaCl secret)', () => {
    expect(account.credential).toBe(`${account.publicKey as string}:${account.secretKey as string}`);
    expect(account.publicKey).toMatch(/^[0-9a-f]{64}$/);
    expect(account.secretKey).toMatch(/^[0-9a-f]{128}$/);
    expect((account.secretKey as string).slice(64)).toBe(account.publicKey);
    const pair = generateDmarketKeyPair();
    const key = publicKeyFromHex(pair.publicHex)!;
    expect(verifyDmarketSignature(key, 'x', `dmar ed25519 ${'0'.repeat(128)}`)).toBe(false);
  });

  it('accepts a correctly signed GET and POST', async () => {
    const balance = await call('GET', '/account/v1/balance');
    expect(balance.status).toBe(200);
    expect(await balance.json()).toEqual({
      dmc: '0.00',
      dmcAvailableToWithdraw: '0.00',
      usd: '12.34',
      usdAvailableToWithdraw: '12.34',
    });
    const query = '/marketplace-api/v1/user-targets?GameID=a8db&BasicFilters.Status=TargetStatusActive';
    expect((await call('GET', query)).status).toBe(200);
    const body = JSON.stringify({ Offers: [] });
    expect((await call('POST', '/marketplace-api/v1/user-offers/create', body)).status).toBe(200);
  });

  it('refuses a tampered signature, a signature of another body, and another query', async () => {
    const flipped = await call('GET', '/account/v1/balance', '', {
      tamper: (headers) => {
        const sig = headers['x-request-sign']!;
        const last = sig.at(-1) === '0' ? '1' : '0';
        headers['x-request-sign'] = sig.slice(0, -1) + last;
      },
    });
    expect(flipped.status).toBe(401);
    expect(await flipped.json()).toEqual({
      code: 'InvalidSignature',
      message: 'the request signature does not match',
    });
    const otherBody = await call(
      'POST',
      '/marketplace-api/v1/user-offers/create',
      JSON.stringify({ Offers: [] }),
      {
        signBody: JSON.stringify({ Offers: [{}] }),
      },
    );
    expect(otherBody.status).toBe(401);
    const date = String(Math.floor(Date.now() / 1000));
    const headers = signedHeaders(
      account.secretKey as string,
      account.publicKey as string,
      signedText('GET', '/account/v1/balance?a=1', '', date),
      date,
    );
    const otherQuery = await fetch(`${base}/dmarket/account/v1/balance?a=2`, { headers });
    expect(otherQuery.status).toBe(401);
  });

  it('refuses a stale or future X-Sign-Date, an unknown key and a call without headers', async () => {
    const stale = await call('GET', '/account/v1/balance', '', {
      date: String(Math.floor(Date.now() / 1000) - 600),
    });
    expect(stale.status).toBe(401);
    expect(((await stale.json()) as { code: string }).code).toBe('RequestExpired');
    const future = await call('GET', '/account/v1/balance', '', {
      date: String(Math.floor(Date.now() / 1000) + 600),
    });
    expect(future.status).toBe(401);
    const unknown = await call('GET', '/account/v1/balance', '', {
      tamper: (h) => {
        h['x-api-key'] = generateDmarketKeyPair().publicHex;
      },
    });
    expect(unknown.status).toBe(401);
    const bare = await fetch(`${base}/dmarket/account/v1/balance`);
    expect(bare.status).toBe(401);
    const stats = await control.stats();
    expect(stats.accounts[account.id]!.authFailures).toBeGreaterThanOrEqual(5);
    expect(stats.authFailures).toBeGreaterThanOrEqual(7);
  });

  it('holds the 20 RPS limit per key (429, counted)', async () => {
    const replies = await Promise.all(Array.from({ length: 25 }, () => call('GET', '/account/v1/balance')));
    const limited = replies.filter((reply) => reply.status === 429).length;
    expect(limited).toBeGreaterThanOrEqual(5);
    expect((await control.stats()).accounts[account.id]!.rateLimitViolations).toBe(limited);
  });
});
