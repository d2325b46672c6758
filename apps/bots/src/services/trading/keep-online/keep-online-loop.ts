import { TmError, type TmPingResult } from '@toydesk/markets';
import type { ProxyConfig } from '@toydesk/http';
import { loadSteamAccountWithProxy, markMarketAccountOnline, sealedPlace } from '@toydesk/db';

import { tmClientFor } from '../../market-accounts.ts';
import { loadSession } from '../../steam/steam-access.ts';
import { openSteamScope } from '../../steam/steam-scope.ts';
import { defineTradingLoop, type LoopTickResult, type TradingContext } from '../trading-loop.ts';

/** tm's answer to ping-new for a trade-banned account starts with this (marketplaces.md, ping-new). */
const TRADE_BAN_MESSAGE = 'You cant trade until';
/** An access token that runs out sooner than this is refreshed before the ping. */
const TOKEN_MARGIN_MS = 10 * 60_000;

export const isTradeBan = (error: unknown): error is TmError =>
  error instanceof TmError && error.code.includes(TRADE_BAN_MESSAGE);

function proxyUrl(proxy: ProxyConfig): string {
  const auth = proxy.username
    ? `${encodeURIComponent(proxy.username)}${proxy.password ? `:${encodeURIComponent(proxy.password)}` : ''}@`
    : '';
  return `${proxy.protocol}://${auth}${proxy.host}:${proxy.port}`;
}

/**
 * The proxy tm reaches Steam through: the Steam account's. Demo mode sends none: the simulated tm never
 * connects to it, and the demo keeps every address it hands out on this machine.
 */
async function steamProxy(ctx: TradingContext): Promise<string | null> {
  if (ctx.runtime.demo) return null;
  const row = await loadSteamAccountWithProxy(ctx.runtime.db, ctx.account.steamAccount);
  if (!row?.p_host || !row.p_protocol || !row.p_port) return null;
  return proxyUrl({
    protocol: row.p_protocol,
    host: row.p_host,
    port: row.p_port,
    username: row.p_username,
    password: row.p_password
      ? ctx.runtime.vault.open(row.p_password, sealedPlace('proxy', 'password', row.p_id!))
      : null,
  });
}

/**
 * The Steam web access token ping-new needs: the stored session's, refreshed (or logged in again) when
 * it runs out within TOKEN_MARGIN_MS. A session that cannot be refreshed raises a steam-session alert.
 */
async function accessToken(ctx: TradingContext): Promise<string> {
  const { db, vault } = ctx.runtime;
  const session = await loadSession(db, vault, ctx.account.steamAccount);
  const expiresAt = session ? Date.parse(session.accessTokenExpiresAt) : 0;
  if (session && Number.isFinite(expiresAt) && expiresAt - Date.now() > TOKEN_MARGIN_MS) {
    return session.accessToken;
  }
  try {
    const scope = await openSteamScope(ctx.job, ctx.account.steamAccount);
    return (await scope.relogin()).accessToken;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await ctx.alert({
      kind: 'steam-session',
      severity: 'error',
      message: `${ctx.account.label}: the Steam session cannot be refreshed (${reason})`,
      details: { loop: 'keep-online', reason },
    });
    throw error;
  }
}

/**
 * Keep online (issue 4 section 7): ping-new about every 3 minutes with the account's Steam access token
 * and proxy, so tm keeps the account online and its items sell; go-offline when the switch goes off. A
 * trade ban ends the loop for the account and raises a market-ban alert.
 */
export const KEEP_ONLINE_LOOP = defineTradingLoop({
  name: 'keep-online',
  switchField: 'keep_online',
  markets: ['tm', 'tm_usd', 'cs7', 'cs7_proxy'],
  intervalSeconds: (config) => config.trading.keepOnlineSeconds,

  async tick(ctx): Promise<LoopTickResult> {
    const proxy = await steamProxy(ctx);
    const client = tmClientFor(ctx.runtime, ctx.account, ctx.job.signal);
    let result: TmPingResult | null;
    try {
      // The Steam login is part of the act: a dry-run account talks neither to Steam nor to tm.
      result = await ctx.act({ kind: 'ping', detail: { proxy: proxy !== null } }, async () =>
        client.account.pingNew({ accessToken: await accessToken(ctx), proxy }),
      );
    } catch (error) {
      if (!isTradeBan(error)) throw error;
      await markMarketAccountOnline(ctx.runtime.db, ctx.account.id, false);
      await ctx.alert({
        kind: 'market-ban',
        severity: 'error',
        message: `${ctx.account.label}: ${error.code}`,
        details: { loop: 'keep-online', market: ctx.account.market, answer: error.code },
      });
      return {
        summary: `banned: ${error.code}; keep-online switched off`,
        text: { code: 'keep-online.banned', params: { answer: error.code } },
        continue: false,
      };
    }
    if (result === null)
      return { summary: 'dry run: would ping-new', text: { code: 'keep-online.dry-run', params: {} } };
    if (result.status === 'too_early')
      return {
        summary: 'too early for ping (pinged recently)',
        text: { code: 'keep-online.too-early', params: {} },
      };
    await markMarketAccountOnline(ctx.runtime.db, ctx.account.id, result.online);
    return {
      summary: result.online
        ? `online${result.p2p ? ', p2p' : ''}${result.steamApiKey ? '' : ', tm has no Steam API key'}`
        : 'pinged, but tm reports the account offline',
      text: result.online
        ? {
            code: 'keep-online.online',
            params: { p2p: !!result.p2p, steam_api_key: !!result.steamApiKey },
          }
        : { code: 'keep-online.offline', params: {} },
    };
  },

  async stop(ctx) {
    const client = tmClientFor(ctx.runtime, ctx.account, ctx.job.signal);
    await ctx.act({ kind: 'go-offline', detail: {} }, () => client.account.goOffline());
    if (!ctx.account.dryRun) {
      await markMarketAccountOnline(ctx.runtime.db, ctx.account.id, false);
    }
  },
});
