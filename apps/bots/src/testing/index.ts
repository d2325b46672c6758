// The bots' test helpers for the tests of a workspace that composes the bots with the server (apps/demo);
// not exported by the main entry. The test database itself is @toydesk/db/testing.
export { createBotMarkets } from '../runtime.ts';
export { startMarketSim, type MarketSim } from './market-sim.ts';
export { hammerTm, type TmHammerPlan, type TmHammerResult } from './tm-hammer.ts';
export { startWorker, type Worker } from './worker-process.ts';
