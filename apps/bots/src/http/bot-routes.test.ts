import { BOT_ROUTES, type BotRouteId } from '@toydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { BOT_HANDLERS } from '../services/all-handlers.ts';
import { startBotTestApp, type BotTestApp } from '../testing/bot-test-app.ts';
import { buildBotApp } from './bot-app.ts';

/** A valid request of every route (path parameters, query, body). */
function sampleRequest(
  id: BotRouteId,
  path: string,
  ids: { steamAccount: number; marketAccount: number; proxy: number; job: string; alert: number },
): { path: string; body?: unknown; query?: Record<string, string> } {
  const filled = path
    .replace('{market}', 'tm')
    .replace('{accountId}', String(ids.marketAccount))
    .replace('{loop}', 'keep-online')
    .replace(
      '{id}',
      id.startsWith('bot-jobs')
        ? ids.job
        : id.startsWith('bot-proxy')
          ? String(ids.proxy)
          : id.startsWith('bot-alerts')
            ? String(ids.alert)
            : id.startsWith('bot-trading')
              ? String(ids.marketAccount)
              : String(ids.steamAccount),
    );
  const bodies: Partial<Record<BotRouteId, unknown>> = {
    'bot-proxy.create': { host: '127.0.0.1', port: 9, password: 'secret-pass' },
    'bot-proxy.partial_update': { comment: 'edited' },
    'bot-signup.follow_to_last_email': { id: ids.steamAccount },
    'bot-signup.add_phone': { phone: '+79161234567' },
    'bot-signup.add_phone_confirm': { code: '12345' },
    'bot-signup.enable_2fa_step_2': { activation_code: '12345' },
    'bot-signup.turn_item_into_gems': { app_id: 753, asset_id: '1' },
    'bot-signup.subscribe_to_group': { group_id: '103582791429521408' },
    'bot-signup.add_group_to_favorite': { group_id: '103582791429521408' },
    'bot-signup.post_message_in_feed': { text: 'hi' },
    'bot-signup.workshop_add_to_favorite': { published_file_id: '123' },
    'bot-signup.decorate_set_theme': { theme: 'Midnight' },
    'bot-signup.decorate_set_favorite_badge': { badge_id: 1 },
    'bot-signup.decorate_set_profile_background': { community_item_id: '1' },
    'bot-signup.decorate_configure_showcase': { kind: 'workshop', published_file_id: '1' },
    'bot-signup.edit_profile_info': { summary: 'x' },
    'bot-signup.import_mafile': {
      mafile: {
        shared_secret: 'c2hhcmVkc2VjcmV0c2hhcmVkc2VjcmV0MTI=',
        account_name: 'routes-bot',
        Session: { SteamID: '76561198000000003' },
      },
    },
    'bot-signup.create_from_mafile': {
      mafile: {
        shared_secret: 'c2hhcmVkc2VjcmV0c2hhcmVkc2VjcmV0MTI=',
        Session: { SteamID: '76561198000000004' },
      },
      steam_account_name: 'routes-mafile-bot',
    },
    'bot-steam.login_on_other_site': { login_url: 'https://example.com/login' },
    'bot-steam.market_list': { asset_id: '1', price: '1.00' },
    'bot-steam.market_create_order': { market_hash_name: 'AK-47 | Redline (Field-Tested)', price: '1.00' },
    'bot-steam.accept_offer': { offer_id: '1' },
    'bot-steam.cancel_offer': { offer_id: '1' },
    'bot-steam.create_offer': {
      trade_url: 'https://steamcommunity.com/tradeoffer/new/?partner=1&token=abcdefgh',
      assets: [{ asset_id: '1' }],
    },
    'bot-steam.set_steam_api_key': { domain: 'localhost' },
    'bot-browser-parser.get_orders_mhn': { marketHashNames: ['AK-47 | Redline (Field-Tested)'] },
    'bot-market-database.get_prices': { marketHashNames: ['AK-47 | Redline (Field-Tested)'] },
    'bot-trading.set-prices': { items: [{ item_id: '1', price: '1.00' }] },
  };
  const query: Record<string, string> = { wait: '0' };
  if (id === 'bot-steam.get_cookie_other_site') query.id = String(ids.steamAccount);
  return { path: filled, body: bodies[id], query };
}

describe('every /api-node route: app token required', () => {
  let t: BotTestApp;
  let ids: { steamAccount: number; marketAccount: number; proxy: number; job: string; alert: number };

  beforeAll(async () => {
    // Only the HTTP side is under test here: no workers pick up the jobs the requests start.
    t = await startBotTestApp({ env: { TOYDESK_BOTS_WORKERS: '0' } });
    const [steam] = await t.db.query<{ id: number }>(
      `INSERT INTO steam_account (steam_account_name, login, password) VALUES ('routes-bot', 'routes-bot', $1) RETURNING id`,
      [t.runtime.vault.encrypt('pw')],
    );
    const [market] = await t.db.query<{ id: number }>(
      `INSERT INTO market_account (market, steam_account, api_key) VALUES ('tm', $1, $2) RETURNING id`,
      [steam!.id, t.runtime.vault.encrypt('0123456789abcdef0123456789abcdef')],
    );
    const [proxy] = await t.db.query<{ id: number }>(
      `INSERT INTO proxy (host, port) VALUES ('127.0.0.1', 9) RETURNING id`,
    );
    const job = await t.runtime.queue.enqueue('proxy.check', { proxy: proxy!.id });
    const [alert] = await t.db.query<{ id: number }>(
      `INSERT INTO bot_alert (kind, severity, message) VALUES ('proxy-down', 'warning', 'x') RETURNING id`,
    );
    ids = {
      steamAccount: steam!.id,
      marketAccount: market!.id,
      proxy: proxy!.id,
      job: job!.id,
      alert: alert!.id,
    };
  });
  afterAll(() => t?.close());

  it('has the spec paths, singup spelling and trailing slashes included', () => {
    const paths = BOT_ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(paths).toContain('POST /api-node/singup/{id}/enable2FA-step-1');
    expect(paths).toContain('GET /api-node/singup/{id}/steam/decorate/profile-settings/');
    expect(paths).toContain('POST /api-node/browser-parser/tm/orders/get-orders-mhn');
    expect(paths).toContain('DELETE /api-node/proxy/{id}/');
    expect(paths).toContain('GET /api-node/jobs/{id}/');
    expect(new Set(paths).size).toBe(paths.length);
  });

  for (const route of BOT_ROUTES) {
    it(`${route.method} ${route.path}: 401 without the token, 403 with a wrong one, served with the right one`, async () => {
      const sample = sampleRequest(route.id, route.path, ids);
      const send = (token: string | null) =>
        t.request<{ detail?: string }>(route.method, sample.path, {
          token,
          body: sample.body,
          query: sample.query,
        });

      const none = await send(null);
      expect(none.status).toBe(401);
      expect(none.body.detail).toMatch(/X-App-Token/);
      const wrong = await send(`${t.token}x`);
      expect(wrong.status).toBe(403);
      expect(wrong.body).toEqual({ detail: expect.any(String) });

      const right = await send(t.token);
      expect(right.status, right.text).not.toBe(401);
      expect(right.status, right.text).not.toBe(403);
      expect(right.status, right.text).toBeLessThan(500);
      expect(right.status, right.text).not.toBe(404);
    });
  }
});

describe('the bot app itself', () => {
  let t: BotTestApp;
  beforeAll(async () => {
    t = await startBotTestApp({
      env: { TOYDESK_BOTS_WORKERS: '0', TOYDESK_CONSOLE_ORIGINS: 'https://console.example.com' },
    });
  });
  afterAll(() => t?.close());

  it('refuses to start when a route has no handler', async () => {
    const { 'bot-jobs.cancel': _dropped, ...rest } = BOT_HANDLERS;
    await expect(buildBotApp(t.runtime, { handlers: rest })).rejects.toThrow(
      'Bot routes without a handler: POST /api-node/jobs/{id}/cancel/',
    );
  });

  it('answers CORS preflights for the console origins, with credentials, and nothing for others', async () => {
    /** The preflight the console's browser sends before `method` on `path`. */
    const preflightOf = (path: string, method: string) =>
      fetch(`${t.baseUrl}${path}`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://console.example.com',
          'access-control-request-method': method,
          'access-control-request-headers': 'x-app-token,content-type',
        },
      });
    const preflight = await preflightOf('/api-node/proxy/', 'POST');
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://console.example.com');
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-app-token');
    // Editing a proxy from the console is a PATCH.
    const patchPreflight = await preflightOf('/api-node/proxy/1/', 'PATCH');
    expect(patchPreflight.status).toBe(204);
    expect(patchPreflight.headers.get('access-control-allow-methods')).toContain('PATCH');

    const get = await fetch(`${t.baseUrl}/api-node/proxy/`, {
      headers: { origin: 'https://console.example.com', 'x-app-token': t.token },
    });
    expect(get.status).toBe(200);
    expect(get.headers.get('access-control-allow-origin')).toBe('https://console.example.com');
    const other = await fetch(`${t.baseUrl}/api-node/proxy/`, {
      headers: { origin: 'https://evil.example.com', 'x-app-token': t.token },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});
