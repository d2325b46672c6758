import { createSimulatorServer, type SimulatorServer } from '@toydesk/simulators';
import { SIMULATOR_PREFIX } from '@toydesk/markets';
import type { MarketCode } from '@toydesk/contract';

import { listMarketAccountKeysAndBalances, type Database, type Vault } from '@toydesk/db';

const TM_FAMILY: MarketCode[] = ['tm', 'tm_usd', 'cs7', 'cs7_proxy'];

/**
 * The other simulated marketplaces whose demo accounts hold a key of the market's stored form (one API key;
 * Skinport's "clientId:clientSecret"), opened there with that key: the bots read their price lists (the
 * market database's `prices.import-all`) and trade there with the vault's keys, as on the tm family.
 * DMarket's key is an Ed25519 pair the demo does not seed; Steam is the simulated Steam's own.
 */
export const DEMO_KEYED_MARKETS: MarketCode[] = ['lis_skins', 'bitskins', 'csfloat', 'skinport', 'waxpeer'];

/**
 * Demo mode: the marketplace simulators run in this process on their own port, and every demo market
 * account of the tm family and of DEMO_KEYED_MARKETS exists there with its own key and balance (and, on
 * the tm family, its currency), so the console's proxy and the bots talk to a marketplace that knows them.
 */
export async function startDemoSimulators(
  db: Database,
  vault: Vault,
  port: number,
  log: (line: string) => void,
): Promise<{ server: SimulatorServer; baseUrl: string }> {
  const server = await createSimulatorServer();
  const baseUrl = await server.listen({ port, host: '127.0.0.1' });
  const accounts = await listMarketAccountKeysAndBalances(db, vault, [...TM_FAMILY, ...DEMO_KEYED_MARKETS]);
  let keyed = 0;
  for (const account of accounts) {
    const tmFamily = TM_FAMILY.includes(account.market);
    if (!tmFamily) keyed++;
    const response = await fetch(`${baseUrl}${SIMULATOR_PREFIX[account.market]}/_control/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // The tm simulator takes the key and the account's currency; the others keep one currency per market
      // (their config) and take the credential in the form the client stores.
      body: JSON.stringify({
        ...(tmFamily ? { key: account.apiKey, currency: account.currency } : { credential: account.apiKey }),
        money: Number(account.balance),
        inventory: 20,
      }),
    });
    if (!response.ok) log(`simulator refused a demo account: ${response.status} ${await response.text()}`);
  }
  log(
    `marketplace simulators on ${baseUrl} (${accounts.length - keyed} tm-family and ${keyed} other demo accounts)`,
  );
  return { server, baseUrl };
}
