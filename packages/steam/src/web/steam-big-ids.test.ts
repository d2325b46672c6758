import { HttpClient, MemoryRateLimiter } from '@toydesk/http';
import { startTestServer, type TestServer } from '@toydesk/http/testing/test-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { jsonDataAttribute, jsVariable } from './html.ts';
import { inventoryItemFrom, type RawEconItem } from './inventory-mapping.ts';
import { SteamWebClient } from './steam-web-client.ts';

/**
 * Steam's trade offer ids, asset, class and instance ids and SteamIDs are 64-bit. Where an answer writes
 * one as a bare JSON number past 2^53 it must reach us exact (JSON.parse would round 76561198000000002 to
 * ...000). The loopback server replays the text given for a path through the real SteamWebClient.
 */
const BIG = {
  offer: '7006425982219012345',
  asset: '27438261955683411',
  classid: '18446744073709551615',
  instanceid: '9223372036854775807',
  steamId: '76561198000000002',
};

const bodies = new Map<string, string>();
let server: TestServer;
let http: HttpClient;
let web: SteamWebClient;

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    response.writeHead(200, { 'content-type': 'application/json' }).end(bodies.get(path) ?? '{}');
  });
  const base = server.origin;
  http = new HttpClient({
    rateLimiter: new MemoryRateLimiter({ limit: 1000, windowMs: 1000 }),
    retry: { baseDelayMs: 1, maxDelayMs: 1, retriesWithoutBody: 0, retriesWithBody: 0 },
  });
  web = new SteamWebClient({ http, hosts: { community: `${base}/community`, api: `${base}/api` } });
});

afterAll(async () => {
  await http.close();
  await server.close();
});

describe('Steam ids past 2^53 written as bare numbers stay exact', () => {
  it('trade offers (IEconService/GetTradeOffers): offer, asset, class and instance ids', async () => {
    bodies.set(
      '/api/IEconService/GetTradeOffers/v1/',
      `{"response":{"trade_offers_received":[{"tradeofferid":${BIG.offer},"accountid_other":39734274,` +
        `"items_to_receive":[{"appid":730,"contextid":"2","assetid":${BIG.asset},"classid":${BIG.classid},` +
        `"instanceid":${BIG.instanceid},"amount":"1"}],"trade_offer_state":2,"time_created":1700000000}]}}`,
    );
    const reply = await web.webApi<{
      trade_offers_received: { tradeofferid: string; items_to_receive: RawEconItem[] }[];
    }>('getOffers', null, { method: 'GET', path: 'IEconService/GetTradeOffers/v1', accessToken: null });
    const [offer] = reply.response.trade_offers_received;
    expect(offer!.tradeofferid).toBe(BIG.offer);
    expect(offer!.items_to_receive[0]).toMatchObject({
      assetid: BIG.asset,
      classid: BIG.classid,
      instanceid: BIG.instanceid,
    });
  });

  it('an inventory page: asset, class and instance ids through the inventory mapping', async () => {
    bodies.set(
      `/community/inventory/${BIG.steamId}/730/2`,
      `{"assets":[{"appid":730,"contextid":"2","assetid":${BIG.asset},"classid":${BIG.classid},` +
        `"instanceid":${BIG.instanceid},"amount":"1"}],"descriptions":[{"appid":730,"classid":"${BIG.classid}",` +
        `"instanceid":"${BIG.instanceid}","market_hash_name":"AK-47 | Redline (Field-Tested)","tradable":1}],` +
        `"total_inventory_count":1,"success":1}`,
    );
    const page = await web.communityJson<{ assets: RawEconItem[]; descriptions: RawEconItem[] }>(
      'getInventory',
      null,
      { path: `/inventory/${BIG.steamId}/730/2` },
    );
    const item = inventoryItemFrom(
      { ...page.descriptions[0], ...page.assets[0] },
      { appId: 730, contextId: '2' },
    );
    expect(item).toMatchObject({
      assetId: BIG.asset,
      classId: BIG.classid,
      instanceId: BIG.instanceid,
      marketHashName: 'AK-47 | Redline (Field-Tested)',
    });
  });

  it('JSON embedded in pages: data attributes and page variables', () => {
    const html =
      `<div id="profile_edit_config" data-profile-edit="{&quot;steamid&quot;:${BIG.steamId},&quot;x&quot;:1.5}"></div>` +
      `<script>var g_rgProfileData = {"steamid":${BIG.steamId},"url":"https://x/"};</script>`;
    expect(jsonDataAttribute(html, 'profile_edit_config', 'profile-edit')).toEqual({
      steamid: BIG.steamId,
      x: 1.5,
    });
    expect(jsVariable(html, 'g_rgProfileData')).toEqual({ steamid: BIG.steamId, url: 'https://x/' });
  });
});
