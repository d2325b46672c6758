import { createSimulatorServer, type SimulatorServer } from '@toydesk/simulators';
import { SIMULATOR_PREFIX } from '@toydesk/markets';
import type { MarketCode } from '@toydesk/contract';

import { listMarketAccountKeysAndBalances, type Database, type Vault } from '@toydesk/db';

const TM_FAMILY: MarketCode[] = ['tm', 'tm_usd', 'cs7', 'cs7_proxy'];

/**
 * Demo mode: the marketplace simulators run in this process on their own port, and every demo market
 * account of the tm family exists there with its own key, currency and balance, so the console's proxy and
 * the bots talk to a marketplace that knows them.
 */
export async function startDemoSimulators(
  db: Database,
  vault: Vault,
  port: number,
  log: (line: string) => void,
): Promise<{ server: SimulatorServer; baseUrl: string }> {
  const server = await createSimulatorServer();
  const baseUrl = await server.listen({ port, host: '127.0.0.1' });
  const accounts = await listMarketAccountKeysAndBalances(db, vault, TM_FAMILY);
  for (const account of accounts) {
    const response = await fetch(`${baseUrl}${SIMULATOR_PREFIX[account.market]}/_control/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        key: account.apiKey,
        currency: account.currency,
        money: Number(account.balance),
        inventory: 20,
      }),
    });
    if (!response.ok) log(`simulator refused a demo account: ${response.status} ${await response.text()}`);
  }
  log(`marketplace simulators on ${baseUrl} (${accounts.length} tm-family demo accounts)`);
  return { server, baseUrl };
}
