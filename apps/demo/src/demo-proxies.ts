import { isLoopbackHost } from '@toydesk/contract';
import { startProxySimulator, type ProxySimulator } from '@toydesk/simulators/proxy';

import {
  findProxiesByUsername,
  moveProxyEndpoints,
  sealedPlace,
  type Database,
  type ProxyLoginRow,
  type Vault,
} from '@toydesk/db';

import { DEMO_PROXIES, LEGACY_DEMO_PROXY_HOSTS, type DemoProxy } from './data/infrastructure.ts';

/**
 * Whether a proxy row is one of the demo's: a seeded username with its seeded comment, on loopback (where
 * the seed and every demo start put it) or on the host it was seeded with before the simulator existed. An
 * operator's proxy, or a demo row an operator moved to another host, is never rewritten.
 */
function demoProxyOf(row: ProxyLoginRow): DemoProxy | null {
  const demo = DEMO_PROXIES.find((p) => p.username === row.username);
  if (!demo || row.comment !== demo.comment) return null;
  return isLoopbackHost(row.host) || LEGACY_DEMO_PROXY_HOSTS.includes(row.host) ? demo : null;
}

/**
 * Demo mode: every demo proxy becomes a loopback proxy of the proxy simulator (`@toydesk/simulators`) with
 * the row's own login, and its row is pointed at it (protocol, 127.0.0.1, the new port: ports change at
 * every start). Health checks through them then reach a simulator and nothing else: before this the rows
 * named 10.0.0.x hosts and every check tried to connect to them. The down demo proxy answers 502.
 */
export async function startDemoProxies(
  db: Database,
  vault: Vault,
  log: (line: string) => void,
): Promise<ProxySimulator> {
  const rows = await findProxiesByUsername(
    db,
    DEMO_PROXIES.map((p) => p.username),
  );
  const demoRows = rows.flatMap((row) => {
    const demo = demoProxyOf(row);
    return demo ? [{ row, demo }] : [];
  });
  const simulator = await startProxySimulator({
    proxies: demoRows.map(({ row, demo }) => ({
      protocol: demo.protocol,
      credentials: row.password
        ? {
            username: row.username,
            password: vault.open(row.password, sealedPlace('proxy', 'password', row.id)),
          }
        : null,
      down: demo.down,
    })),
  });
  try {
    const running = simulator.proxies;
    await moveProxyEndpoints(
      db,
      demoRows.map(({ row }, i) => ({
        id: row.id,
        protocol: running[i]!.protocol,
        host: running[i]!.host,
        port: running[i]!.port,
      })),
    );
  } catch (error) {
    await simulator.close();
    throw error;
  }
  if (demoRows.length > 0) {
    const down = demoRows.filter(({ demo }) => demo.down).length;
    log(`proxy simulator: ${demoRows.length} demo proxies on 127.0.0.1 (${down} down on purpose)`);
  }
  return simulator;
}
