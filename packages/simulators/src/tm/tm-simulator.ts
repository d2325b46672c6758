import type { SimClock } from '../clock/sim-clock.ts';
import { loadCatalogue, type Catalogue } from '../data/catalogue.ts';
import { buildControlRouter, type ControlRoute } from './control/control-routes.ts';
import { faultAnswer } from './faults/fault-replies.ts';
import { aroundFault } from '../faults/around-fault.ts';
import { SlowAnswers } from '../faults/slow-answers.ts';
import type { Fault, FaultStore } from '../faults/fault-store.ts';
import { createMarketFaultStore, type FaultSpec } from './faults/tm-faults.ts';
import { ApiTable } from './http/api-table.ts';
import { InputError } from '../util/input-error.ts';
import { TmReply, type ApiRoute, type RequestContext } from './http/context.ts';
import { RateLimiter } from './http/rate-limiter.ts';
import type { Router } from './http/router.ts';
import { registerAllTmRoutes } from './routes/all-routes.ts';
import type { TmConfigPatch } from './state/config.ts';
import { seedSimBook } from './state/sim-book.ts';
import { runTimers } from './state/timers.ts';
import { TmMarket } from './state/tm-market.ts';
import { SimStats } from './stats/sim-stats.ts';

export interface TmSimulatorOptions {
  /** The market's name (tm, cs7, cs7_proxy, ...): used in seeds and messages. */
  name: string;
  clock: SimClock;
  seed?: number;
  config?: TmConfigPatch;
  catalogue?: Catalogue;
}

/** A request as the simulator sees it, independent of the HTTP server. */
export interface SimRequest {
  method: string;
  /** The path after the market's prefix, still percent-encoded, e.g. `/api/v2/get-money`. */
  path: string;
  /** The query string without `?` ('' without one). */
  search: string;
  body: string;
  contentType: string;
}

export type SimOutcome =
  { kind: 'reply'; status: number; contentType: string; body: string } | { kind: 'drop' };

const JSON_TYPE = 'application/json; charset=utf-8';
const json = (status: number, body: unknown): SimOutcome => ({
  kind: 'reply',
  status,
  contentType: JSON_TYPE,
  body: JSON.stringify(body),
});

/**
 * One simulated tm-family market behind HTTP: the request pipeline (stats → rate limit → faults → key →
 * handler → after-faults) over a TmMarket, plus its control API under `/_control/`.
 */
export class TmSimulator {
  readonly name: string;
  readonly market: TmMarket;
  readonly faults: FaultStore<FaultSpec>;
  readonly stats = new SimStats();
  readonly limiter = new RateLimiter();
  private readonly api = new ApiTable();
  private readonly control: Router<ControlRoute>;
  private readonly slow = new SlowAnswers();

  constructor(options: TmSimulatorOptions) {
    const seed = options.seed ?? 730;
    this.name = options.name;
    this.market = new TmMarket({
      name: options.name,
      catalogue: options.catalogue ?? loadCatalogue(),
      clock: options.clock,
      seed,
      ...(options.config ? { config: options.config } : {}),
    });
    seedSimBook(this.market);
    this.faults = createMarketFaultStore(seed + 1);
    registerAllTmRoutes(this.api);
    this.control = buildControlRouter();
  }

  /** Forgets accounts, faults, stats and limiter windows; rebuilds the simulated order book. */
  reset(): void {
    this.market.reset();
    seedSimBook(this.market);
    this.faults.clear();
    this.stats.reset();
    this.limiter.reset();
  }

  /**
   * Runs every timer of the market that has fallen due on the simulated clock, in time order. Cheap when
   * nothing has; every request, control calls included, first calls it.
   */
  tick(): void {
    runTimers(this.market);
  }

  /** Ends pending slow answers at once (server shutdown). */
  close(): void {
    this.slow.endAll();
  }

  async handle(request: SimRequest): Promise<SimOutcome> {
    const path = request.path || '/';
    const query = new URLSearchParams(request.search);
    const base = { market: this.market, stats: this.stats, method: request.method, path, query };
    const ctx: RequestContext = { ...base, params: {}, body: request.body, contentType: request.contentType };

    if (path === '/_control' || path.startsWith('/_control/')) return this.handleControl(ctx);
    this.tick();

    const match = this.api.router.match(request.method, path);
    const route = match.kind === 'found' ? match.route : null;
    const key = query.get('key');
    const keyed = route === null || route.kind === 'keyed';
    if (keyed) this.stats.request(key, route?.name ?? path);

    const { config } = this.market;
    if (keyed && key && !this.limiter.hit(key, config.rateLimitMax, config.rateLimitWindowMs)) {
      this.stats.rateLimitViolation(key);
      const account = this.market.account(key);
      if (account && config.deleteKeyOnViolation) account.keyDeleted = true;
      return json(429, { success: false, error: 'too many requests' });
    }

    const fault = this.faults.take({ path, search: request.search, method: request.method, subject: key });
    if (fault) this.stats.fault(key);
    return aroundFault(
      fault,
      this.slow,
      (taken) => this.failWith(taken),
      async () => {
        if (match.kind === 'not-found') return json(404, { success: false, error: 'method_not_found' });
        if (match.kind === 'method-not-allowed') {
          return json(405, {
            success: false,
            error: `method_not_allowed, use ${match.allowed.join(' or ')}`,
          });
        }
        ctx.params = match.params;
        return this.runRoute(ctx, match.route, key);
      },
    );
  }

  private async runRoute(ctx: RequestContext, route: ApiRoute, key: string | null): Promise<SimOutcome> {
    try {
      if (route.kind === 'public') return this.toOutcome(await route.handler(ctx));
      const account = this.market.account(key);
      if (!account || account.keyDeleted) {
        this.stats.badKey(key);
        return json(200, { success: false, error: 'Bad KEY' });
      }
      return this.toOutcome(await route.handler(ctx, account));
    } catch (error) {
      console.error(`[simulators:${this.name}] ${ctx.method} ${ctx.path} failed:`, error);
      return json(500, { success: false, error: 'internal_error' });
    }
  }

  private async handleControl(ctx: RequestContext): Promise<SimOutcome> {
    this.tick();
    const path = ctx.path.slice('/_control'.length) || '/';
    const match = this.control.match(ctx.method, path);
    if (match.kind === 'not-found') return json(404, { error: `no control route ${ctx.method} ${path}` });
    if (match.kind === 'method-not-allowed') return json(405, { error: `use ${match.allowed.join(' or ')}` });
    ctx.params = match.params;
    try {
      const result = await match.route(ctx, this);
      this.tick();
      return this.toOutcome(result);
    } catch (error) {
      if (error instanceof InputError) return json(400, { error: error.message });
      console.error(`[simulators:${this.name}] control ${ctx.method} ${path} failed:`, error);
      return json(500, { error: error instanceof Error ? error.message : String(error) });
    }
  }

  private toOutcome(result: unknown): SimOutcome {
    if (result instanceof TmReply) {
      const body = typeof result.body === 'string' ? result.body : JSON.stringify(result.body);
      return { kind: 'reply', status: result.status, contentType: result.contentType, body };
    }
    return json(200, result);
  }

  private failWith(fault: Fault<FaultSpec>): SimOutcome {
    if (fault.kind === 'drop') return { kind: 'drop' };
    const answer = faultAnswer(fault);
    if (!answer) return json(500, { success: false, error: 'bad fault' });
    return { kind: 'reply', ...answer };
  }
}
