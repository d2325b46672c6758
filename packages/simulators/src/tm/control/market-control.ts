import { CLOCK_FAULT_STATS_CALLS } from '../../control/control-api.ts';
import { TmReply } from '../http/context.ts';
import type { Router } from '../http/router.ts';
import { InputError } from '../../util/input-error.ts';
import { mergeConfig, type TmConfigPatch } from '../state/config.ts';
import type { FaultSpec } from '../faults/tm-faults.ts';
import { controlBody, optionalNumber, type ControlRoute } from './control-body.ts';

/** Control calls on the whole market: clock, faults, stats, config, reset. */

const clockView: ControlRoute = (_ctx, sim) => ({
  now: sim.market.now(),
  iso: new Date(sim.market.now()).toISOString(),
  offsetMs: sim.market.clock.offsetMs(),
});

const advanceClock: ControlRoute = (ctx, sim) => {
  const ms = optionalNumber(controlBody(ctx), 'ms');
  if (ms === undefined || ms < 0) throw new InputError('ms must be a non-negative number');
  sim.market.clock.advance(ms);
  sim.tick();
  return clockView(ctx, sim);
};

const CONFIG_KEYS = new Set([
  'rateLimitMax',
  'rateLimitWindowMs',
  'deleteKeyOnViolation',
  'rates',
  'feeShare',
  'transferWindowMs',
  'offerFailMs',
  'autoAcceptTradeMs',
  'simSellerSendMs',
  'tradeHoldMs',
  'pingMinIntervalMs',
  'pingTtlMs',
  'inventoryRefreshMinMs',
  'inventoryRefreshMaxMs',
  'currencyChangeMs',
  'moneySendMin',
  'randomSalesPerHour',
  'randomOrderFillsPerHour',
  'minSimOffers',
]);

const setConfig: ControlRoute = (ctx, sim) => {
  const body = controlBody(ctx);
  const unknown = Object.keys(body).filter((key) => !CONFIG_KEYS.has(key));
  if (unknown.length > 0) throw new InputError(`unknown config keys: ${unknown.join(', ')}`);
  sim.market.config = mergeConfig(sim.market.config, body as TmConfigPatch);
  return sim.market.config;
};

const CONTROL_INDEX = [
  'POST accounts {currency?, money?, inventory?, names?, online?, inventoryLoaded?, payPassword?, tradeToken?, key?}',
  'GET accounts',
  'GET accounts/{key}',
  'PATCH accounts/{key} | POST accounts/{key}/settings {online?, tradeBanUntil?, inventoryLoaded?, pendingWithdrawal?, keyDeleted?, payPassword?, settlement?}',
  'POST accounts/{key}/items {count?, names?, tradable?, visible?, addToSaleError?, errorTimes?}',
  'POST accounts/{key}/money {amount?|set?}',
  'POST accounts/{key}/sell {item_id?|count?, buyerKey?, force?}',
  'POST accounts/{key}/trade-accepted {tradeoffer?|tradeoffermessage?|all?}',
  'POST accounts/{key}/trade-declined {tradeoffer?|tradeoffermessage?|all?}',
  'POST accounts/{key}/fill-orders {hash_name?, order_id?, count?}',
  'POST accounts/{key}/purchases/deliver {id?|custom_id?}',
  'POST accounts/{key}/purchases/fail {id?|custom_id?}',
  ...CLOCK_FAULT_STATS_CALLS,
  'GET stats/rate/{key}?limit= (requests per second of real time; limit defaults to rateLimitMax)',
  'GET config',
  'POST config {...TmConfig}',
  'POST reset',
];

export function registerMarketControl(router: Router<ControlRoute>): void {
  router.add(['GET'], '/', (_ctx, sim) => ({ market: sim.name, routes: CONTROL_INDEX }));
  router.add(['GET'], '/clock', clockView);
  router.add(['POST'], '/clock/advance', advanceClock);
  router.add(['GET'], '/faults', (_ctx, sim) => sim.faults.list());
  router.add(['POST'], '/faults', (ctx, sim) => sim.faults.add(controlBody(ctx) as unknown as FaultSpec));
  router.add(['DELETE'], '/faults', (_ctx, sim) => {
    sim.faults.clear();
    return { deleted: true };
  });
  router.add(['DELETE'], '/faults/:id', (ctx, sim) =>
    sim.faults.remove(ctx.params.id ?? '') ? { deleted: true } : new TmReply(404, { error: 'no such fault' }),
  );
  router.add(['GET'], '/stats', (_ctx, sim) => sim.stats.snapshot());
  router.add(['GET'], '/stats/rate/:key', (ctx, sim) => {
    const given = ctx.query.get('limit');
    const limit = given === null ? sim.market.config.rateLimitMax : Number(given);
    if (!Number.isInteger(limit) || limit < 0) throw new InputError('limit must be a non-negative integer');
    return sim.stats.rateBySecond(ctx.params.key ?? '', limit);
  });
  router.add(['GET'], '/config', (_ctx, sim) => sim.market.config);
  router.add(['POST', 'PATCH'], '/config', setConfig);
  router.add(['POST'], '/reset', (_ctx, sim) => {
    sim.reset();
    return { reset: true };
  });
}
