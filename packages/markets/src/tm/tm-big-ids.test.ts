import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { HttpClient, MemoryRateLimiter } from '@toydesk/http';
import { startTestServer, type TestServer } from '@toydesk/http/testing/test-server';

import { recordingLogger } from '../testing/tm-test-client.ts';
import { createTmClient, type TmClient } from './tm-client.ts';

/**
 * 64-bit ids written as bare JSON numbers past 2^53 (as some tm answers and client libraries do) reach the
 * client's results as their exact digits: the transport parses losslessly. JSON.parse would turn
 * 18446744073709551615 into 18446744073709552000 and 76561198000000002 into 76561198000000000. The
 * loopback server below only replays the text given for a path.
 */
const BIG = {
  item: '9007199254740993',
  asset: '27438261955683411',
  classid: '18446744073709551615',
  instanceid: '9223372036854775807',
  order: '12345678901234567891',
  trade: '7006425982219012345',
  steamId: '76561198000000002',
};

const bodies = new Map<string, string>();
let server: TestServer;
let http: HttpClient;
let tm: TmClient;

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    response.writeHead(200, { 'content-type': 'application/json' }).end(bodies.get(path) ?? '{}');
  });
  http = new HttpClient({
    rateLimiter: new MemoryRateLimiter({ limit: 1000, windowMs: 1000 }),
    retry: { baseDelayMs: 1, maxDelayMs: 1, retriesWithoutBody: 0, retriesWithBody: 0 },
  });
  tm = createTmClient({
    apiKey: 'big-ids-test-key',
    baseUrl: server.origin,
    currency: 'RUB',
    http,
    logger: recordingLogger(),
  });
});

afterAll(async () => {
  await http.close();
  await server.close();
});

describe('tm ids past 2^53 written as bare numbers stay exact', () => {
  test('items: item, asset, class and instance ids; the price is still read in major units', async () => {
    bodies.set(
      '/api/v2/items',
      `{"success":true,"items":[{"item_id":${BIG.item},"assetid":${BIG.asset},"classid":${BIG.classid},` +
        `"instanceid":${BIG.instanceid},"market_hash_name":"AK-47 | Redline (Field-Tested)","position":0,` +
        `"price":12.34,"currency":"RUB","status":"1","live_time":920,"left":null,"botid":0}]}`,
    );
    expect(await tm.selling.items()).toMatchObject([
      {
        itemId: BIG.item,
        assetId: BIG.asset,
        classid: BIG.classid,
        instanceid: BIG.instanceid,
        price: '12.34',
      },
    ]);
  });

  test('my-inventory: the asset id', async () => {
    bodies.set(
      '/api/v2/my-inventory',
      `{"success":true,"items":[{"id":${BIG.asset},"classid":${BIG.classid},"instanceid":0,` +
        `"market_hash_name":"AK-47 | Redline (Field-Tested)","market_price":10.34,"tradable":1}]}`,
    );
    expect(await tm.selling.myInventory()).toMatchObject([
      { assetId: BIG.asset, classid: BIG.classid, marketPrice: '10.34' },
    ]);
  });

  test('get-orders: the order id (the price in kopecks as before)', async () => {
    bodies.set(
      '/api/v2/get-orders',
      `{"success":true,"orders":[{"id":${BIG.order},"hash_name":"AK-47 | Redline (Field-Tested)",` +
        `"price":1234,"count":2,"partner":${BIG.steamId}}]}`,
    );
    const [order] = await tm.orders.getOrders(0);
    expect(order).toMatchObject({ id: BIG.order, price: '12.34' });
    expect(JSON.stringify(order)).not.toContain('12345678901234567000');
  });

  test('trades and p2p offers: trade ids, partners and asset ids', async () => {
    bodies.set(
      '/api/v2/trades',
      `{"success":true,"trades":[{"dir":"out","trade_id":${BIG.trade},"bot_id":${BIG.steamId},"timestamp":1700000000,` +
        `"secret":"abc","nik":"x","list_item_id":{"${BIG.item}":{"id":${BIG.item},"assetid":${BIG.asset},` +
        `"classid":${BIG.classid},"instanceid":${BIG.instanceid}}}}]}`,
    );
    expect(await tm.trading.trades()).toMatchObject([
      {
        tradeId: BIG.trade,
        botId: BIG.steamId,
        items: [{ itemId: BIG.item, assetId: BIG.asset, classid: BIG.classid, instanceid: BIG.instanceid }],
      },
    ]);
    bodies.set(
      '/api/v2/trade-request-give-p2p-all',
      `{"success":true,"hash":"h","offers":[{"partner":${BIG.steamId},"token":"AbCdEfGh","tradeoffermessage":${BIG.trade},` +
        `"items":[{"appid":730,"contextid":2,"assetid":${BIG.asset},"amount":1}]}]}`,
    );
    expect(await tm.trading.giveP2PAll()).toMatchObject({
      offers: [{ partner: BIG.steamId, tradeOfferMessage: BIG.trade, items: [{ assetid: BIG.asset }] }],
    });
  });
});
