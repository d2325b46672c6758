export { registerBotServices, type BotHostServices } from './http/mount.ts';
export { buildBotApp, BOT_PREFIX } from './http/bot-app.ts';
export { loadBotConfig, type BotConfig } from './config.ts';
export { startBotRuntime } from './runtime.ts';
export type { BotRuntime, BotRole } from './bot-runtime.ts';
export { TRADING_LANES } from './lanes.ts';
