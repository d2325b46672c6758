import { STATUS_CODES } from 'node:http';

import Fastify, { type FastifyInstance } from 'fastify';

import { registerControlRoutes } from './control/control-routes.ts';
import type { Fault, FaultStore } from '../faults/fault-store.ts';
import { aroundFault } from '../faults/around-fault.ts';
import { SlowAnswers } from '../faults/slow-answers.ts';
import { nginxErrorPage } from '../faults/nginx-error-page.ts';
import { mountSimulator, normalizePrefix } from '../mount/mount-simulator.ts';
import { apiSteamId, cookieSteamId } from './http/auth.ts';
import {
  buildContext,
  html,
  json,
  redirect,
  ReplyError,
  type SimOutcome,
  type SimReply,
  type SimRequest,
} from './http/context.ts';
import { SimRouter } from './http/router.ts';
import { registerApiRoutes } from './routes/api-routes.ts';
import { registerCommunityRoutes } from './routes/community-routes.ts';
import { registerLoginRoutes } from './routes/login-routes.ts';
import { registerMarketRoutes } from './routes/market-routes.ts';
import { registerOpenIdRoutes } from './routes/openid-routes.ts';
import { registerTradeRoutes } from './routes/trade-routes.ts';
import { createSimClock, type SimClock } from '../clock/sim-clock.ts';
import type { SteamSimConfigPatch } from './sim-config.ts';
import { SteamSimStats } from './sim-stats.ts';
import { createSteamFaultStore, type FaultSpec } from './steam-faults.ts';
import { SimRefusal, SteamWorld } from './state/world.ts';
import { tickOffers } from './state/trading.ts';
import type { SteamSimParts } from './steam-sim-parts.ts';
import { WindowCounter } from './window-counter.ts';

export interface SteamSimulatorOptions {
  /** Shared with other simulators (e.g. the marketplace simulators' clock); default a new real-time clock. */
  clock?: SimClock;
  config?: SteamSimConfigPatch;
  seed?: number;
}

/**
 * The simulated Steam behind HTTP: steamcommunity.com under `/community`, api.steampowered.com under `/api`,
 * a simplified credentials login under `/login`, the store's email links under `/store`, a demo site that
 * signs in through Steam OpenID under `/site`, and the control API under `/_control`. Every non-control request
 * goes through: clock tick → stats → fault (before) → handler → fault (after).
 */
export class SteamSimulator implements SteamSimParts {
  readonly clock: SimClock;
  readonly world: SteamWorld;
  readonly stats = new SteamSimStats();
  readonly faults: FaultStore<FaultSpec>;
  readonly windows = new WindowCounter();
  readonly router = new SimRouter();
  readonly control = new SimRouter();
  private readonly slow = new SlowAnswers();

  constructor(options: SteamSimulatorOptions = {}) {
    this.clock = options.clock ?? createSimClock();
    const seed = options.seed ?? 753;
    this.world = new SteamWorld({
      clock: this.clock,
      config: (options.config ?? {}) as Record<string, unknown>,
      seed,
    });
    this.faults = createSteamFaultStore(seed + 1);
    registerLoginRoutes(this.router, this);
    registerApiRoutes(this.router, this);
    registerCommunityRoutes(this.router, this);
    registerTradeRoutes(this.router, this);
    registerMarketRoutes(this.router, this);
    registerOpenIdRoutes(this.router, this);
    registerControlRoutes(this.control, this);
  }

  reset(): void {
    this.world.reset();
    this.faults.clear();
    this.stats.reset();
    this.windows.reset();
  }

  close(): void {
    this.slow.endAll();
  }

  async handle(request: SimRequest): Promise<SimOutcome> {
    const ctx = buildContext(request);
    tickOffers(this.world);
    if (ctx.path === '/_control' || ctx.path.startsWith('/_control/')) return this.handleControl(ctx);

    const match = this.router.match(ctx.method, ctx.path);
    this.stats.request(match.kind === 'found' ? `${ctx.method} ${match.name}` : `${ctx.method} (unknown)`);
    const steamId = cookieSteamId(ctx) ?? apiSteamId(ctx) ?? ctx.form.steamid ?? null;
    const login = steamId ? (this.world.accountBySteamId(steamId)?.login ?? null) : null;
    if (login) this.stats.account(login);

    const fault = this.faults.take({
      path: ctx.path,
      search: ctx.search,
      method: ctx.method,
      subject: login,
    });
    if (fault) this.stats.counters.faultsInjected++;
    const failWith = (taken: Fault<FaultSpec>) => this.failWith(taken, ctx.path, request.publicBase);
    return aroundFault(fault, this.slow, failWith, async (): Promise<SimOutcome> => {
      if (match.kind === 'not-found') return { kind: 'reply', ...html(nginxErrorPage(404), 404) };
      if (match.kind === 'method-not-allowed') {
        return { kind: 'reply', ...json({ error: `use ${match.allowed.join(' or ')}` }, 405) };
      }
      ctx.params = match.params;
      return { kind: 'reply', ...(await this.run(() => match.handler(ctx), ctx.path)) };
    });
  }

  private async run(handler: () => SimReply | Promise<SimReply>, path: string): Promise<SimReply> {
    try {
      return await handler();
    } catch (error) {
      if (error instanceof ReplyError) return error.reply;
      if (error instanceof SimRefusal) return json({ success: error.eresult, message: error.message }, 200);
      console.error(`[steam-sim] ${path} failed:`, error);
      return json({ success: false, message: 'internal error' }, 500);
    }
  }

  private async handleControl(ctx: ReturnType<typeof buildContext>): Promise<SimOutcome> {
    const path = ctx.path.slice('/_control'.length) || '/';
    const match = this.control.match(ctx.method, path);
    if (match.kind === 'not-found')
      return { kind: 'reply', ...json({ error: `no control route ${ctx.method} ${path}` }, 404) };
    if (match.kind === 'method-not-allowed')
      return { kind: 'reply', ...json({ error: `use ${match.allowed.join(' or ')}` }, 405) };
    ctx.params = match.params;
    const reply = await this.run(() => match.handler(ctx), ctx.path);
    tickOffers(this.world);
    return { kind: 'reply', ...reply };
  }

  private failWith(fault: Fault<FaultSpec>, path: string, publicBase: string): SimOutcome {
    const host = path.split('/')[1] ?? '';
    const statusText = (status: number) => STATUS_CODES[status] ?? 'Error';
    switch (fault.kind) {
      case 'drop':
        return { kind: 'drop' };
      case 'html': {
        const status = fault.status ?? 502;
        return { kind: 'reply', ...html(nginxErrorPage(status), status) };
      }
      case 'status': {
        const status = fault.status ?? 503;
        return {
          kind: 'reply',
          ...json({ success: false, message: fault.message ?? statusText(status) }, status),
        };
      }
      case 'eresult': {
        const eresult = fault.eresult ?? 2;
        const message = fault.message ?? `EResult ${eresult}`;
        if (host === 'api')
          return {
            kind: 'reply',
            ...json({ response: {} }, 200, { 'x-eresult': String(eresult), 'x-error_message': message }),
          };
        if (host === 'login') return { kind: 'reply', ...json({ success: false, eresult, message }) };
        return { kind: 'reply', ...json({ success: eresult, message }) };
      }
      case 'session_expired':
        this.stats.counters.sessionExpiredAnswers++;
        if (host === 'api')
          return {
            kind: 'reply',
            ...html(
              '<html><head><title>Unauthorized</title></head><body><h1>Unauthorized</h1></body></html>',
              401,
            ),
          };
        return { kind: 'reply', ...redirect(`${publicBase}/community/login/home/?goto=`) };
      default:
        return { kind: 'reply', ...json({ success: false, message: 'bad fault' }, 500) };
    }
  }
}

export interface RegisterSteamSimulatorOptions extends SteamSimulatorOptions {
  /** Where it lives, e.g. `/steam-sim`: community at `/steam-sim/community/...`, control at `/steam-sim/_control/...`. */
  prefix: string;
}

/**
 * Mounts the simulated Steam on a Fastify app under `prefix` (`mountSimulator`, every body read raw: forms,
 * multipart and JSON are the simulator's business).
 */
export async function registerSteamSimulator(
  app: FastifyInstance,
  options: RegisterSteamSimulatorOptions,
): Promise<SteamSimulator> {
  const prefix = normalizePrefix(options.prefix);
  const sim = new SteamSimulator(options);
  await mountSimulator(app, {
    prefix,
    body: 'buffer',
    bodyLimit: 10 * 1024 * 1024,
    handle: (request, at) =>
      sim.handle({
        method: request.method,
        path: at.path || '/',
        search: at.search,
        body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        headers: request.headers,
        ip: request.ip,
        publicBase: `${request.protocol}://${request.headers.host ?? 'localhost'}${prefix}`,
      }),
    close: () => sim.close(),
  });
  return sim;
}

export interface SteamSimulatorServer {
  app: FastifyInstance;
  sim: SteamSimulator;
  clock: SimClock;
  prefix: string;
  /** Starts listening (port 0: any free port); resolves to the base URL including the prefix. */
  listen(options?: { port?: number; host?: string }): Promise<string>;
  close(): Promise<void>;
}

/** A Fastify app serving only the simulated Steam under `prefix` (default `/steam-sim`). */
export async function createSteamSimulator(
  options: SteamSimulatorOptions & { prefix?: string; logger?: boolean } = {},
): Promise<SteamSimulatorServer> {
  const app = Fastify({ logger: options.logger ?? false });
  const clock = options.clock ?? createSimClock();
  const prefix = normalizePrefix(options.prefix ?? '/steam-sim');
  const sim = await registerSteamSimulator(app, { ...options, clock, prefix });
  return {
    app,
    sim,
    clock,
    prefix,
    async listen({ port = 0, host = '127.0.0.1' } = {}) {
      const address = await app.listen({ port, host });
      return `${address.replace('[::1]', '127.0.0.1')}${prefix}`;
    },
    close: () => app.close(),
  };
}
