import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';

import { MARKET_CODES } from '@toydesk/contract';
import { marketEnvName } from '@toydesk/markets';

import { loadBotConfig, type BotConfig } from '../src/config.ts';

/**
 * A bench's bot configuration: a fresh secret key, no proxy checks or price imports, and every marketplace
 * at a closed port unless `env` points it at a simulator (a bench never reaches a real one).
 */
export function benchBotConfig(bench: string, env: Record<string, string>): BotConfig {
  return loadBotConfig({
    TOYDESK_SECRET_KEY: randomBytes(32).toString('hex'),
    TOYDESK_DATA_DIR: path.join(os.tmpdir(), `toydesk-${bench}-unused`),
    TOYDESK_MARKET_ALLOW_IP_HOSTS: '1',
    TOYDESK_PROXY_CHECK_CRON: 'off',
    TOYDESK_PRICE_IMPORT_CRON: 'off',
    ...Object.fromEntries(MARKET_CODES.map((code) => [marketEnvName(code), 'http://127.0.0.1:9/none'])),
    ...env,
  });
}
