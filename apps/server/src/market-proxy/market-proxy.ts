import { MARKET_CODES, type MarketCode } from '@toydesk/contract';
import { HttpError, type HttpClient, type RateLimiter } from '@toydesk/http';
import { marketRateLimitKey, type MarketEndpoint } from '@toydesk/markets';
import { loadMarketAccount, writeAudit } from '@toydesk/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, badRequest, forbidden, notFound, unauthorized } from '@toydesk/api-kit';

import { xsrfMatches } from '../auth/xsrf.ts';
import type { Services } from '../services.ts';
import { checkProxyPath, isIpLiteral, joinUnderBase } from './proxy-path.ts';
import { runSpendCall, type Upstream } from './spend-answer.ts';
import { recogniseSpendCall } from './spend-call.ts';
import { spendLookups } from './spend-lookups.ts';

export const MARKET_PROXY_PREFIX = '/api/market-proxy/';
/** The host-routing header naming the marketplace (spec section 6) and the account whose key is used. */
export const MARKET_HEADER = 'x-market';
export const MARKET_ACCOUNT_HEADER = 'x-market-account';

/** Query keys a caller may never send: the server adds the account's own credential. */
const CREDENTIAL_PARAMS = new Set(['key', 'api', 'apikey', 'api_key', 'pay_pass', 'access_token']);

export interface MarketProxyOptions {
  endpoints: Record<MarketCode, MarketEndpoint>;
  http: HttpClient;
  rateLimiter: RateLimiter;
  /** Demo and tests reach the simulators on 127.0.0.1; production refuses IP-literal marketplace hosts. */
  allowIpLiteralHosts: boolean;
}

const refuse = (detail: string) =>
  new ApiError(400, {
    detail: `Запрос к площадке отклонён: ${detail}. (Marketplace request refused: ${detail}.)`,
  });

/**
 * The console's marketplace calls: `/api/market-proxy/<marketplace path>` with `X-Market: tm` and
 * `X-Market-Account: <id>`. The server adds that account's key (keys never reach the browser), forwards
 * only to the configured base URL of that marketplace, under the same per-key rate limit as the bots, never
 * follows a redirect, and audits every call without the key.
 */
export function registerMarketProxy(app: FastifyInstance, services: Services, options: MarketProxyOptions) {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.operator) throw unauthorized();
    // Marketplace GETs spend money too (tm buy, set-order), so every method needs the anti-forgery header.
    if (!xsrfMatches(request))
      throw forbidden('CSRF: нет или неверный заголовок X-XSRF-TOKEN. (CSRF Failed.)');

    const code = String(request.headers[MARKET_HEADER] ?? '');
    if (!(MARKET_CODES as readonly string[]).includes(code))
      throw badRequest({ [MARKET_HEADER]: ['Неизвестная площадка. (Unknown marketplace.)'] });
    const endpoint = options.endpoints[code as MarketCode];
    if (!endpoint.baseUrl) throw refuse(`${code} has no configured base URL`);
    const base = new URL(endpoint.baseUrl);
    if (isIpLiteral(base.hostname) && !options.allowIpLiteralHosts) throw refuse('IP-literal host');

    const accountId = String(request.headers[MARKET_ACCOUNT_HEADER] ?? '');
    if (!/^\d{1,9}$/.test(accountId))
      throw badRequest({
        [MARKET_ACCOUNT_HEADER]: ['Укажите id аккаунта площадки. (Give the market account id.)'],
      });
    // The proxy makes its own connection (the account's proxy is the bots' concern); the payment password is
    // for money-send.
    const account = await loadMarketAccount(services.db, services.vault, Number(accountId), {
      useProxy: false,
      payPassword: true,
    });
    if (!account) throw notFound('Аккаунт площадки не найден. (Market account not found.)');
    if (account.market !== code)
      throw refuse(`account ${account.id} belongs to ${account.market}, not ${code}`);
    if (!account.apiKey) throw refuse('the account has no API key');
    const credential = account.apiKey;

    const rawUrl = request.raw.url ?? '';
    const [rawPath = '', rawQuery = ''] = rawUrl.slice(MARKET_PROXY_PREFIX.length).split(/\?(.*)/s, 2);
    const checked = checkProxyPath(rawPath);
    if (!checked.ok) throw refuse(checked.reason);
    const target = joinUnderBase(endpoint.baseUrl, checked.path);
    if (!target) throw refuse('path leaves the marketplace base');
    const query = new URLSearchParams(rawQuery);
    for (const name of [...query.keys()])
      if (CREDENTIAL_PARAMS.has(name.toLowerCase()))
        throw refuse(`the ${name} parameter is set by the server`);
    // A buy, a buy order or a money transfer: custom_id required or added, guards, lookup when the answer is lost.
    const spend = recogniseSpendCall(code as MarketCode, checked.path, query, account.currency, request.body);
    // tm's money-send needs the payment password: the server adds the account's own, like the key.
    const secrets = [credential];
    if (spend?.call === 'money-send') {
      const payPassword = account.payPassword;
      if (!payPassword) throw refuse('the account has no payment password for money-send');
      query.set('pay_pass', payPassword);
      // The receiving account's key travels in the path: masked in errors like our own secrets.
      secrets.push(payPassword, decodeURIComponent(checked.path.slice(checked.path.lastIndexOf('/') + 1)));
    }

    const headers: Record<string, string> = { accept: 'application/json' };
    const contentType = request.headers['content-type'];
    if (contentType) headers['content-type'] = contentType;
    switch (endpoint.auth.kind) {
      case 'query':
        query.set(endpoint.auth.param, credential);
        break;
      case 'header':
        headers[endpoint.auth.header] = endpoint.auth.scheme
          ? `${endpoint.auth.scheme} ${credential}`
          : credential;
        break;
      case 'basic':
        headers.authorization = `Basic ${Buffer.from(credential).toString('base64')}`;
        break;
      default:
        throw refuse(`${code} needs signed requests or a Steam session; the bots call it, not the console`);
    }
    target.search = query.toString();

    const body =
      request.method === 'GET' || request.method === 'DELETE'
        ? undefined
        : (spend?.bodyText ?? rawBody(request));
    const started = Date.now();
    let status = 0;
    const send = async (): Promise<Upstream> => {
      const response = await options.http.request({
        method: request.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
        url: target.toString(),
        headers,
        body,
        timeoutMs: 10_000,
        // A proxied call may spend money: never retried here, the operator decides.
        maxRetries: 0,
        rateLimitKey: marketRateLimitKey(code as MarketCode, credential),
        throwOnStatus: false,
        callName: `proxy.${code}`,
        redactValues: secrets,
      });
      return {
        status: response.status,
        contentType: response.headers.get('content-type') ?? 'application/json',
        text: response.text,
      };
    };
    try {
      if (spend !== null) {
        const answer = await runSpendCall({
          db: services.db,
          accountId: account.id,
          market: code as MarketCode,
          spend,
          send,
          ...spendLookups(code as MarketCode, endpoint, options.http, credential, spend, (message) =>
            request.log.warn(message),
          ),
        });
        status = answer.status;
        reply.status(answer.status).headers(answer.headers).type(answer.contentType).send(answer.text);
        return reply;
      }
      const response = await send();
      status = response.status;
      if (status >= 300 && status < 400)
        throw new ApiError(502, {
          detail: 'Площадка ответила перенаправлением; оно не выполняется. (Redirect refused.)',
        });
      reply.status(status).type(response.contentType).send(response.text);
    } catch (error) {
      if (error instanceof HttpError) {
        status = 502;
        throw new ApiError(502, { detail: `Площадка недоступна: ${error.message}` });
      }
      throw error;
    } finally {
      await writeAudit(services.db, request.operator.username, 'call', 'market_proxy', [
        {
          id: account.id,
          before: null,
          after: {
            market: code,
            method: request.method,
            // money-send's path carries the receiving account's key: never in the audit log.
            path: spend?.call === 'money-send' ? checked.path.replace(/[^/]+$/, '***') : checked.path,
            status,
            ...(spend === null ? {} : { spend: spend.call, custom_id: spend.customId }),
            ms: Date.now() - started,
          },
        },
      ]);
    }
    return reply;
  };
  app.route({ method: ['GET', 'POST'], url: `${MARKET_PROXY_PREFIX}*`, handler });
}

function rawBody(request: FastifyRequest): string | undefined {
  const body = request.body;
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  const type = request.headers['content-type'] ?? '';
  if (type.includes('application/x-www-form-urlencoded')) {
    return new URLSearchParams(Object.entries(body as Record<string, string>)).toString();
  }
  return JSON.stringify(body);
}
