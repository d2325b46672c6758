import { STATUS_CODES } from 'node:http';

import type { SimClock } from '../clock/sim-clock.ts';
import { nginxErrorPage } from '../faults/nginx-error-page.ts';
import { aroundFault } from '../faults/around-fault.ts';
import { SlowAnswers } from '../faults/slow-answers.ts';
import type { Fault, FaultStore } from '../faults/fault-store.ts';
import { createMarketFaultStore, type FaultSpec } from '../tm/faults/tm-faults.ts';
import { RateLimiter } from '../tm/http/rate-limiter.ts';
import { Router } from '../tm/http/router.ts';
import { InputError } from '../util/input-error.ts';
import type { KitConfigPatch } from './kit-config.ts';
import { buildKitControlRouter, type KitControlRoute } from './kit-control.ts';
import type { KitMarketDefinition } from './kit-definition.ts';
import { KitMarket, type SimAccount } from './kit-market.ts';
import { KitError } from './kit-error.ts';
import { KitStats } from './kit-stats.ts';
import {
  JSON_TYPE,
  KitReply,
  type AuthResult,
  type KitContext,
  type KitOutcome,
  type KitRequest,
  type KitRoute,
} from './kit-types.ts';

export interface KitSimulatorOptions {
  definition: KitMarketDefinition;
  clock: SimClock;
  seed?: number;
  /** Applied over the definition's own defaults (its currency and documented rate limits). */
  config?: KitConfigPatch;
}

/**
 * One simulated non-tm marketplace behind HTTP: the request pipeline (route → credentials → stats → rate
 * limit → faults → auth refusal → handler → after-faults) over a KitMarket, plus its control API under
 * `/_control/`. Faults and the limiter are the tm simulator's own machinery.
 */
export class KitSimulator {
  readonly name: string;
  readonly definition: KitMarketDefinition;
  readonly market: KitMarket;
  readonly faults: FaultStore<FaultSpec>;
  readonly stats = new KitStats();
  readonly limiter = new RateLimiter();
  private readonly api = new Router<KitRoute>();
  private readonly control: Router<KitControlRoute>;
  private readonly slow = new SlowAnswers();

  constructor(options: KitSimulatorOptions) {
    const seed = options.seed ?? 730;
    this.definition = options.definition;
    this.name = options.definition.name;
    const { defaultConfig } = options.definition;
    this.market = new KitMarket({
      name: this.name,
      unitsPerMajor: options.definition.unitsPerMajor,
      clock: options.clock,
      seed,
      config: {
        ...defaultConfig,
        ...options.config,
        rateLimits: { ...defaultConfig.rateLimits, ...options.config?.rateLimits },
      },
    });
    this.faults = createMarketFaultStore(seed + 1);
    options.definition.registerRoutes(this.api);
    this.control = buildKitControlRouter();
  }

  reset(): void {
    this.market.reset();
    this.faults.clear();
    this.stats.reset();
    this.limiter.reset();
  }

  close(): void {
    this.slow.endAll();
  }

  async handle(request: KitRequest): Promise<KitOutcome> {
    const path = request.path || '/';
    if (path === '/_control' || path.startsWith('/_control/')) return this.handleControl(request, path);

    const match = this.api.match(request.method, path);
    const route = match.kind === 'found' ? match.route : null;
    const auth: AuthResult =
      route?.auth === 'none'
        ? { kind: 'none' }
        : this.definition.authenticate(request, { market: this.market, realNowMs: Date.now() });
    const accountId =
      auth.kind === 'ok' ? auth.account.id : auth.kind === 'refused' ? (auth.accountId ?? null) : null;
    this.stats.request(accountId, route?.name ?? path);

    const rule = this.market.config.rateLimits[route?.bucket ?? 'default'];
    if (
      rule &&
      !this.limiter.hit(`${route?.bucket ?? 'default'}:${accountId ?? 'public'}`, rule.limit, rule.windowMs)
    ) {
      this.stats.rateLimitViolation(accountId);
      return this.errorReply(429, 'too_many_requests', 'Too many requests');
    }

    const fault = this.faults.take({
      path,
      search: request.search,
      method: request.method,
      subject: accountId,
    });
    if (fault) this.stats.fault(accountId);
    return aroundFault(
      fault,
      this.slow,
      (taken) => this.failWith(taken),
      async () => {
        if (match.kind === 'not-found') {
          return this.errorReply(404, 'not_found', `no route ${request.method} ${path}`);
        }
        if (match.kind === 'method-not-allowed') {
          return this.errorReply(405, 'method_not_allowed', `use ${match.allowed.join(' or ')}`);
        }
        if (auth.kind === 'refused' || (auth.kind === 'none' && match.route.auth === 'required')) {
          this.stats.authFailure(accountId);
          const missing = this.definition.unauthenticated?.();
          if (auth.kind === 'refused') return json(auth.status, auth.body);
          if (missing) return json(missing.status, missing.body);
          return this.errorReply(401, 'unauthorized', 'credentials are required');
        }
        const account: SimAccount | null = auth.kind === 'ok' ? auth.account : null;
        const ctx: KitContext = {
          req: request,
          market: this.market,
          stats: this.stats,
          account,
          params: match.params,
          query: new URLSearchParams(request.search),
        };
        return this.runRoute(ctx, match.route);
      },
    );
  }

  private async runRoute(ctx: KitContext, route: KitRoute): Promise<KitOutcome> {
    try {
      return this.toOutcome(await route.handler(ctx));
    } catch (error) {
      if (error instanceof KitError) {
        const status = this.definition.refusalStatus?.(error.status, error.code) ?? error.status;
        return this.errorReply(status, error.code, error.message);
      }
      console.error(`[simulators:${this.name}] ${ctx.req.method} ${ctx.req.path} failed:`, error);
      return this.errorReply(500, 'internal_error', 'internal error');
    }
  }

  private async handleControl(request: KitRequest, fullPath: string): Promise<KitOutcome> {
    const path = fullPath.slice('/_control'.length) || '/';
    const match = this.control.match(request.method, path);
    if (match.kind === 'not-found') return json(404, { error: `no control route ${request.method} ${path}` });
    if (match.kind === 'method-not-allowed') return json(405, { error: `use ${match.allowed.join(' or ')}` });
    try {
      return this.toOutcome(await match.route({ body: request.body, params: match.params }, this));
    } catch (error) {
      if (error instanceof InputError) return json(400, { error: error.message });
      if (error instanceof KitError) return json(error.status, { error: error.message });
      console.error(`[simulators:${this.name}] control ${request.method} ${path} failed:`, error);
      return json(500, { error: error instanceof Error ? error.message : String(error) });
    }
  }

  private toOutcome(result: unknown): KitOutcome {
    if (result instanceof KitReply) {
      const body = typeof result.body === 'string' ? result.body : JSON.stringify(result.body);
      return {
        kind: 'reply',
        status: result.status,
        contentType: result.contentType,
        body,
        headers: result.headers,
      };
    }
    return json(200, result);
  }

  private errorReply(status: number, code: string, message: string): KitOutcome {
    return json(status, this.definition.errorBody(status, code, message));
  }

  private failWith(fault: Fault<FaultSpec>): KitOutcome {
    switch (fault.kind) {
      case 'drop':
        return { kind: 'drop' };
      case 'html': {
        const status = fault.status ?? 502;
        return { kind: 'reply', status, contentType: 'text/html', body: nginxErrorPage(status) };
      }
      case 'status': {
        const status = fault.status ?? 503;
        const message = fault.error ?? STATUS_CODES[status] ?? 'error';
        return this.errorReply(status, fault.error ?? 'fault', message);
      }
      default:
        return this.errorReply(200, fault.error ?? 'internal_error', fault.error ?? 'internal error');
    }
  }
}

function json(status: number, body: unknown): KitOutcome {
  return { kind: 'reply', status, contentType: JSON_TYPE, body: JSON.stringify(body) };
}
