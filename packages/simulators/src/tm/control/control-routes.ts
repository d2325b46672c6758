import { Router } from '../http/router.ts';
import { registerAccountControl } from './account-control.ts';
import type { ControlRoute } from './control-body.ts';
import { registerMarketControl } from './market-control.ts';

export type { ControlRoute } from './control-body.ts';

/** The control API of one simulated market, under `<prefix>/_control/`. JSON in, JSON out. */
export function buildControlRouter(): Router<ControlRoute> {
  const router = new Router<ControlRoute>();
  registerMarketControl(router);
  registerAccountControl(router);
  return router;
}
