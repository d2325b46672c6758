import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';

import { HttpClient, HttpParseError, HttpStatusError, MemoryRateLimiter } from '@toydesk/http';

import { recordingLogger } from '../testing/tm-test-client.ts';
import { createTmClient, type TmClient } from './tm-client.ts';
import { TmBadKeyError, TmError } from './tm-errors.ts';
import type { TmCurrency } from './tm-units.ts';

/**
 * The real client, over real HTTP, reading answers recorded from market.csgo.com's documentation and from
 * public client libraries (`fixtures/`, each file's source in `fixtures/SOURCES.md`). The loopback server
 * below is not a model of tm: it replays one recorded answer per path, byte for byte, and keeps what the
 * client sent. What it checks: the unit each endpoint uses, ids kept as exact strings, statuses, and tm's
 * real error bodies turning into the right typed errors.
 */

interface Replay {
  status: number;
  body: string;
  contentType: string;
}

const KEY = 'recorded-answers-test-key';
const answers = new Map<string, Replay>();
const received: string[] = [];
let server: Server;
let base: string;
let http: HttpClient;

function fixture(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
}

/** The next request to `path` (query ignored) gets the recorded file `name`. */
function replay(path: string, name: string, status = 200): void {
  const contentType = name.endsWith('.html') ? 'text/html' : 'application/json; charset=utf-8';
  answers.set(path, { status, body: fixture(name), contentType });
}

function client(currency: TmCurrency = 'RUB'): TmClient {
  return createTmClient({ apiKey: KEY, baseUrl: base, currency, http, logger: recordingLogger() });
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = request.url ?? '/';
    received.push(url);
    const path = new URL(url, 'http://replay').pathname;
    const answer = answers.get(path);
    if (answer === undefined) {
      response.writeHead(599, { 'content-type': 'text/plain' }).end(`no recorded answer for ${path}`);
      return;
    }
    request.resume();
    request.on('end', () => {
      response.writeHead(answer.status, { 'content-type': answer.contentType }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // No retries: each recorded answer reaches the client once, as tm sent it.
  http = new HttpClient({
    rateLimiter: new MemoryRateLimiter({ limit: 1000, windowMs: 1000 }),
    retry: { baseDelayMs: 1, maxDelayMs: 1, retriesWithoutBody: 0, retriesWithBody: 0 },
  });
});

afterEach(() => {
  answers.clear();
  received.length = 0;
});

afterAll(async () => {
  await http.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('account (market.csgo.com/en/api/content/account)', () => {
  test('get-money: money and money_settlement are major-unit floats, read exactly', async () => {
    replay('/api/v2/get-money', 'get-money.json');
    expect(await client().account.getMoney()).toEqual({
      money: '123.45',
      settlement: '10.00',
      currency: 'RUB',
    });
    expect(received[0]).toContain('cur=RUB');
    replay('/api/v2/get-money', 'get-money-usd.json');
    // USD is counted in mils (1/1000); the amount reads the same, with no digit invented.
    expect(await client('USD').account.getMoney()).toEqual({
      money: '123.45',
      settlement: '10.00',
      currency: 'USD',
    });
  });

  test('get-money from before money_settlement existed: no settlement, still read', async () => {
    replay('/api/v2/get-money', 'get-money-without-settlement.json');
    expect(await client().account.getMoney()).toEqual({ money: '980.00', settlement: null, currency: 'RUB' });
  });

  test('token answers (get-token sample, the shape set-trade-token and get-ws-token share)', async () => {
    replay('/api/v2/set-trade-token', 'get-token.json');
    expect(await client().account.setTradeToken('AbCd1234')).toEqual({ token: 'your_token' });
    replay('/api/v2/get-ws-token', 'get-token.json');
    expect(await client().account.getWsToken()).toEqual({ token: 'your_token' });
  });

  test('go-offline, update-inventory, set-pay-password: the bare success envelope', async () => {
    replay('/api/v2/go-offline', 'go-offline.json');
    replay('/api/v2/update-inventory', 'update-inventory.json');
    replay('/api/v2/set-pay-password', 'set-pay-password.json');
    const tm = client();
    await expect(tm.account.goOffline()).resolves.toBeUndefined();
    await expect(tm.account.updateInventory()).resolves.toBeUndefined();
    await expect(tm.account.setPayPassword({ newPassword: 'pw-1' })).resolves.toBeUndefined();
  });

  test('money-send: the amount goes out and comes back in minor units (kopecks)', async () => {
    replay('/api/v2/money-send/1000/receiver-key', 'money-send.json');
    const sent = await client().transfers.send({
      amount: '10',
      toApiKey: 'receiver-key',
      payPassword: 'pw-1',
      customId: 'transfer-1',
    });
    expect(received[0]).toMatch(/^\/api\/v2\/money-send\/1000\/receiver-key\?/);
    expect(sent).toMatchObject({ amount: '10.00', currency: 'RUB', from: '1234567', to: '13579123' });
    expect(sent.outcome).toBe('succeeded');
  });

  test('change-currency: a numeric refusal code becomes TmError.code as text', async () => {
    replay('/api/v2/change-currency/USD', 'change-currency-already-selected.json');
    const error = await client()
      .account.changeCurrency('USD')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TmError);
    expect(error).not.toBeInstanceOf(TmBadKeyError);
    expect((error as TmError).code).toBe('1004');
  });

  test('ping-new: "too early for ping" (a message, not an error) is a result', async () => {
    replay('/api/v2/ping-new', 'ping-new-too-early.json');
    expect(await client().account.pingNew({ accessToken: 'token' })).toEqual({ status: 'too_early' });
  });
});

describe('selling (market.csgo.com/en/api/content/sell_buy)', () => {
  test('my-inventory: the asset id as a string, market_price a major-unit float, tradable 1', async () => {
    replay('/api/v2/my-inventory', 'my-inventory.json');
    expect(await client().selling.myInventory()).toEqual([
      {
        assetId: '14933635912',
        classid: '310776767',
        instanceid: '0',
        marketHashName: 'SCAR-20 | Carbon Fiber (Factory New)',
        marketPrice: '10.34',
        tradable: true,
      },
    ]);
  });

  test('add-to-sale: the price goes out in kopecks, the numeric item_id comes back as a string', async () => {
    replay('/api/v2/add-to-sale', 'add-to-sale.json');
    expect(await client().selling.addToSale({ assetId: '14933635912', price: '100' })).toEqual({
      itemId: '136285662',
    });
    expect(received[0]).toContain('price=10000');
    expect(received[0]).toContain('id=14933635912');
  });

  test('add-to-sale refusals: bad_request and item_not_in_inventory as TmError codes', async () => {
    replay('/api/v2/add-to-sale', 'add-to-sale-bad-request.json');
    await expect(client().selling.addToSale({ assetId: '1', price: '1' })).rejects.toMatchObject({
      code: 'bad_request',
      status: 200,
    });
    replay('/api/v2/add-to-sale', 'add-to-sale-item-not-in-inventory.json');
    const result = await client()
      .selling.addToSale({ assetId: '1', price: '1' })
      .catch((e: unknown) => e);
    expect(result).toBeInstanceOf(TmError);
    expect((result as TmError).code).toBe('item_not_in_inventory');
  });

  test('set-price: success, and bad_item for an unknown id', async () => {
    replay('/api/v2/set-price', 'set-price.json');
    await expect(client().selling.setPrice({ itemId: '136285662', price: '12.5' })).resolves.toBeUndefined();
    expect(received[0]).toContain('price=1250');
    replay('/api/v2/set-price', 'set-price-bad-item.json');
    await expect(client().selling.setPrice({ itemId: '1', price: '1' })).rejects.toMatchObject({
      code: 'bad_item',
    });
  });

  test('remove-all-from-sale: count', async () => {
    replay('/api/v2/remove-all-from-sale', 'remove-all-from-sale.json');
    expect(await client().selling.removeAllFromSale()).toEqual({ count: 4 });
  });

  test('items: price in major units, ids as strings, status "1", real_instance and settlement', async () => {
    replay('/api/v2/items', 'items.json');
    expect(await client().selling.items()).toEqual([
      {
        itemId: '286316844',
        assetId: '15092687536',
        classid: '637317999',
        instanceid: '630912635',
        realInstance: '1629337655',
        marketHashName: 'Horns of Monstrous Reprisal',
        price: '4.00',
        currency: 'RUB',
        status: '1',
        position: 0,
        left: null,
        liveTime: 920,
        botId: '0',
        settlementAt: null,
      },
    ]);
  });
});

describe('buying and prices', () => {
  test('get-buy-info-by-custom-id: stage 2 and the settlement time; currency left out → the account’s', async () => {
    replay('/api/v2/get-buy-info-by-custom-id', 'get-buy-info-by-custom-id.json');
    expect(await client().buying.getBuyInfoByCustomId('custom-1')).toMatchObject({
      stage: 2,
      purchaseId: '534415936',
      marketHashName: 'Spectrum 2 Case',
      currency: 'RUB',
      time: 1548081954,
      settlementAt: 1548081954,
    });
  });

  test('buy answered by an nginx 502 page: checked by custom_id, found done, not bought twice', async () => {
    replay('/api/v2/buy', 'nginx-502.html', 502);
    replay('/api/v2/get-buy-info-by-custom-id', 'get-buy-info-by-custom-id.json');
    const bought = await client().buying.buy({ hashName: 'Spectrum 2 Case', price: '25', customId: 'c-1' });
    expect(bought).toMatchObject({ customId: 'c-1', purchaseId: '534415936', outcome: 'confirmed' });
    expect(received.filter((url) => url.startsWith('/api/v2/buy?'))).toHaveLength(1);
    expect(received[0]).toContain('price=2500');
  });

  test('get-list-items-info: MAJOR units (16.99 RUB), unlike bid-ask and the searches', async () => {
    replay('/api/v2/get-list-items-info', 'get-list-items-info.json');
    const info = await client().search.listItemsInfo(['2020 RMR Challengers']);
    expect(received[0]).toContain(`list_hash_name%5B%5D=2020+RMR+Challengers`);
    const challengers = info.get('2020 RMR Challengers')!;
    expect(challengers).toMatchObject({ currency: 'RUB', max: '19.00', min: '13.00', average: '15.962' });
    expect(challengers.history).toHaveLength(50);
    expect(challengers.history[0]).toEqual({ time: 1620673328, price: '14.00' });
    expect(challengers.history[6]).toEqual({ time: 1620673208, price: '16.99' });
    expect(challengers.history.find((sale) => sale.time === 1620671300)?.price).toBe('17.57');
  });

  test('prices/class_instance: decimal strings in major units, keyed classid_instanceid', async () => {
    replay('/api/v2/prices/class_instance/RUB.json', 'prices-class-instance.json');
    const list = await client().publicFiles.classInstancePrices('RUB');
    expect(list).toMatchObject({ time: 1565103435, currency: 'RUB' });
    expect(list.items).toEqual([
      {
        classInstance: '1434515088_0',
        marketHashName: '...',
        price: '0.50',
        buyOrder: '0.10',
        avgPrice: '0.74',
        popularity7d: 47,
        ruName: '...',
      },
    ]);
    // A public file carries no key.
    expect(received[0]).not.toContain('key=');
  });
});

describe('real error bodies', () => {
  test('{"success":false,"error":"Bad KEY"} is a TmBadKeyError on any call', async () => {
    replay('/api/v2/get-money', 'bad-key.json');
    replay('/api/v2/items', 'bad-key.json');
    const tm = client();
    await expect(tm.account.getMoney()).rejects.toBeInstanceOf(TmBadKeyError);
    await expect(tm.selling.items()).rejects.toMatchObject({ code: 'Bad KEY', call: 'tm.items' });
  });

  test('trade-request-give-p2p-all "nothing" is an empty list, not an error', async () => {
    replay('/api/v2/trade-request-give-p2p-all', 'trade-request-give-p2p-all-nothing.json');
    expect(await client().trading.giveP2PAll()).toEqual({ hash: null, offers: [] });
  });

  test('an nginx 502 page stays the transport’s HttpStatusError; the same page in a 200 an HttpParseError', async () => {
    replay('/api/v2/get-money', 'nginx-502.html', 502);
    const down = await client()
      .account.getMoney()
      .catch((e: unknown) => e);
    expect(down).toBeInstanceOf(HttpStatusError);
    expect(down).not.toBeInstanceOf(TmError);
    expect((down as HttpStatusError).status).toBe(502);
    replay('/api/v2/get-money', 'nginx-502.html', 200);
    await expect(client().account.getMoney()).rejects.toBeInstanceOf(HttpParseError);
  });
});
