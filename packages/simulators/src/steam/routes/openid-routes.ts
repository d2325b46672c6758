import { createHmac, randomBytes } from 'node:crypto';

import { communityAccount } from '../http/auth.ts';
import { html, json, redirect, type SimContext } from '../http/context.ts';
import { openIdFormPage, page } from '../http/pages.ts';
import type { SimRouter } from '../http/router.ts';
import type { SteamSimParts } from '../steam-sim-parts.ts';

/**
 * Steam as an OpenID 2.0 provider (`/community/openid/login`) and a demo relying party (`/site/...`) that signs
 * in through it, for "login on other site": the site redirects to Steam, Steam shows `#openidForm` to a
 * logged-in user, the posted form redirects back with a signed `id_res` assertion, the site checks it
 * (check_authentication) and sets its `site_session` cookie.
 */

const OPENID_NS = 'http://specs.openid.net/auth/2.0';
const IDENTIFIER_SELECT = 'http://specs.openid.net/auth/2.0/identifier_select';
const SIGNING_KEY = randomBytes(32);

function openIdParams(source: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(source).filter(([key]) => key.startsWith('openid.')));
}

export function registerOpenIdRoutes(router: SimRouter, sim: SteamSimParts): void {
  const world = sim.world;

  router.get('/community/openid/login', (ctx) => {
    const params = openIdParams(Object.fromEntries(ctx.query));
    if (params['openid.mode'] !== 'checkid_setup' || !params['openid.return_to']) {
      return html(page('Steam Community :: OpenID', '<h2>Invalid OpenID request</h2>'), 400);
    }
    const account = communityAccount(sim, ctx);
    const nonce = randomBytes(12).toString('hex');
    world.openIdForms.set(nonce, { steamId: account.steamId, params });
    return html(
      openIdFormPage(`${ctx.publicBase}/community/openid/login`, [
        ['action', 'steam_openid_login'],
        ['openid.mode', 'checkid_setup'],
        ['openidparams', Buffer.from(JSON.stringify(params)).toString('base64')],
        ['nonce', nonce],
      ]),
    );
  });

  router.post('/community/openid/login', (ctx) => {
    if (ctx.form['openid.mode'] === 'check_authentication') {
      const nonce = ctx.form['openid.response_nonce'] ?? '';
      const issued = world.openIdNonces.get(nonce);
      const valid =
        issued !== undefined &&
        ctx.form['openid.claimed_id']?.endsWith(`/openid/id/${issued.steamId}`) === true;
      if (valid) world.openIdNonces.delete(nonce);
      return {
        status: 200,
        contentType: 'text/plain; charset=utf-8',
        body: `ns:${OPENID_NS}\nis_valid:${valid}\n`,
      };
    }
    const account = communityAccount(sim, ctx);
    const form = world.openIdForms.get(ctx.form.nonce ?? '');
    if (ctx.form.action !== 'steam_openid_login' || !form || form.steamId !== account.steamId) {
      return html(page('Steam Community :: OpenID', '<h2>Invalid OpenID request</h2>'), 400);
    }
    world.openIdForms.delete(ctx.form.nonce ?? '');
    const returnTo = form.params['openid.return_to'] ?? '';
    const claimed = `https://steamcommunity.com/openid/id/${account.steamId}`;
    const responseNonce = `${new Date(world.now()).toISOString().replace(/\.\d+Z$/, 'Z')}${randomBytes(6).toString('hex')}`;
    const assertion: Record<string, string> = {
      'openid.ns': OPENID_NS,
      'openid.mode': 'id_res',
      'openid.op_endpoint': 'https://steamcommunity.com/openid/login',
      'openid.claimed_id': claimed,
      'openid.identity': claimed,
      'openid.return_to': returnTo,
      'openid.response_nonce': responseNonce,
      'openid.assoc_handle': '1234567890',
      'openid.signed': 'signed,op_endpoint,claimed_id,identity,return_to,response_nonce,assoc_handle',
    };
    assertion['openid.sig'] = createHmac('sha256', SIGNING_KEY)
      .update(JSON.stringify(assertion))
      .digest('base64');
    world.openIdNonces.set(responseNonce, { steamId: account.steamId, returnTo });
    const url = new URL(returnTo);
    for (const [key, value] of Object.entries(assertion)) url.searchParams.set(key, value);
    return redirect(url.toString());
  });

  // ---- the demo relying party ----
  router.get('/site/login', (ctx) => {
    const url = new URL(`${ctx.publicBase}/community/openid/login`);
    const returnTo = `${ctx.publicBase}/site/return`;
    url.searchParams.set('openid.ns', OPENID_NS);
    url.searchParams.set('openid.mode', 'checkid_setup');
    url.searchParams.set('openid.return_to', returnTo);
    url.searchParams.set('openid.realm', `${ctx.publicBase}/site`);
    url.searchParams.set('openid.identity', IDENTIFIER_SELECT);
    url.searchParams.set('openid.claimed_id', IDENTIFIER_SELECT);
    return redirect(url.toString(), [`site_state=${randomBytes(8).toString('hex')}; Path=/; HttpOnly`]);
  });

  router.get('/site/return', (ctx) => {
    if (!ctx.cookies.site_state) return html(page('Demo site', '<h2>Missing login state</h2>'), 400);
    const nonce = ctx.query.get('openid.response_nonce') ?? '';
    const issued = world.openIdNonces.get(nonce);
    const claimed = ctx.query.get('openid.claimed_id') ?? '';
    if (
      ctx.query.get('openid.mode') !== 'id_res' ||
      !issued ||
      !claimed.endsWith(`/openid/id/${issued.steamId}`)
    ) {
      return html(page('Demo site', '<h2>Steam did not confirm the login</h2>'), 403);
    }
    world.openIdNonces.delete(nonce);
    const session = randomBytes(16).toString('hex');
    world.siteSessions.set(session, issued.steamId);
    return redirect(`${ctx.publicBase}/site/`, [
      `site_session=${session}; Path=/; HttpOnly`,
      'site_state=; Path=/; Max-Age=0',
    ]);
  });

  const whoami = (ctx: SimContext) => world.siteSessions.get(ctx.cookies.site_session ?? '') ?? null;
  router.get('/site', (ctx) =>
    html(page('Demo site', `<p>${whoami(ctx) ? `Signed in as ${whoami(ctx)}` : 'Not signed in'}</p>`)),
  );
  router.get('/site/whoami', (ctx) => json({ steamid: whoami(ctx) }));
}
