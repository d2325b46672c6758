// What a launcher that runs the server (apps/demo) may use; nothing else of src/ is public.
export { boot, type Booted, type BootOptions } from './boot.ts';
export { loadConfig, type Config } from './config.ts';
export type { AppMount } from './http/app.ts';
export { createMarketServices } from './market-proxy/market-services.ts';
export { createAnswerCache } from './http/versioned-answer.ts';
export { serve } from './serve.ts';
export type { Services } from './services.ts';
