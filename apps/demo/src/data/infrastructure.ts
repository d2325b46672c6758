import { bulkInsert } from '@toydesk/db';

import { idsByKey, requireId } from './ids-by-key.ts';
import { sealPlannedRows } from './sealed-rows.ts';
import { isoBefore, MINUTE, type DemoContext } from './demo-context.ts';

/** The servers the bots run on: two server groups, their available IPs, and the proxies. */

export interface DemoInfrastructure {
  /** Server group ids, in order: Frankfurt, Moscow. */
  serverGroupIds: number[];
  proxyIds: number[];
}

/** One of the demo's proxies: a row of `proxy`, served at every demo start by the proxy simulator. */
export interface DemoProxy {
  /** What tells a demo row from an operator's, with the comment and the host (`demo-proxies.ts`). */
  username: string;
  /** http and socks5 only: an https proxy would need a TLS certificate for the simulator. */
  protocol: 'http' | 'socks5';
  comment: string;
  /** Simulated as down (502 to everything), so the console always has a proxy that fails its check. */
  down: boolean;
}

export const DEMO_PROXIES: readonly DemoProxy[] = Array.from({ length: 8 }, (_, i) => ({
  username: `proxy${String(i + 1).padStart(2, '0')}`,
  protocol: i % 4 === 3 ? 'socks5' : 'http',
  comment: i < 4 ? 'Frankfurt pool' : 'Moscow pool',
  down: i === 5,
}));

/**
 * Where the demo proxies were seeded before the proxy simulator existed (10.0.0.11–18; a private range, so
 * the health checks really tried to reach those addresses). A database loaded then still has them, and the
 * demo start moves those rows to the simulator like the newer ones.
 */
export const LEGACY_DEMO_PROXY_HOSTS: readonly string[] = DEMO_PROXIES.map((_, i) => `10.0.0.${11 + i}`);

const SERVER_GROUPS = [
  {
    name: 'Frankfurt',
    hosts: ['fra-bot-1.internal', 'fra-bot-2.internal', '10.10.1.11'],
    description: 'Main bot servers (Hetzner FSN1)',
  },
  {
    name: 'Moscow',
    hosts: ['msk-bot-1.internal', '10.20.1.11', '10.20.1.12'],
    description: 'Резервная площадка, аккаунты с российскими IP',
  },
];

export async function seedInfrastructure(ctx: DemoContext): Promise<DemoInfrastructure> {
  const rng = ctx.rng('infrastructure');
  const groups = await bulkInsert<{ id: number; name: string }>(
    ctx.tx,
    'server_group',
    { name: 'text', hosts: 'text[]', description: 'text' },
    SERVER_GROUPS,
    { returning: ['id', 'name'], onConflict: { key: ['name'], existing: 'return' } },
  );
  const groupIds = idsByKey(groups, (r) => r.name);
  const serverGroupIds = SERVER_GROUPS.map((g) => requireId(groupIds, g.name));
  const [frankfurt, moscow] = serverGroupIds;

  // Addresses from the documentation ranges (RFC 5737), so the demo never points at a real host.
  const ips = [
    ...[10, 11, 12, 13, 14, 15].map((n) => ({
      address: `203.0.113.${n}`,
      server_group: frankfurt,
      comment: null,
    })),
    ...[20, 21, 22, 23].map((n) => ({ address: `198.51.100.${n}`, server_group: moscow, comment: null })),
    { address: '192.0.2.64/29', server_group: null, comment: 'Подсеть в резерве' },
    { address: '192.0.2.50', server_group: null, comment: 'Spare, not assigned yet' },
    { address: '2001:db8:10::15', server_group: frankfurt, comment: 'IPv6 of fra-bot-1' },
  ];
  await bulkInsert(
    ctx.tx,
    'available_ip',
    { address: 'text', server_group: 'integer', comment: 'text' },
    ips,
    { onConflict: { key: ['address'], existing: 'skip' } },
  );

  // Loopback with the usual proxy ports: each demo start moves every row to the port its simulated proxy
  // listens on (apps/demo/src/demo-proxies.ts), so the demo never points at another host.
  const proxies = DEMO_PROXIES.map((demo, i) => {
    const status = demo.down ? 'down' : i === 7 ? 'unknown' : 'up';
    return {
      protocol: demo.protocol,
      host: '127.0.0.1',
      port: demo.protocol === 'socks5' ? 1080 : 3128,
      username: demo.username,
      password: rng.alphanumeric(14),
      comment: demo.comment,
      status,
      latency_ms: status === 'up' ? rng.int(18, 240) : null,
      last_checked_at: status === 'unknown' ? null : isoBefore(ctx, rng.int(1, 55) * MINUTE),
    };
  });
  const proxyRows = await bulkInsert<{ id: number; username: string }>(
    ctx.tx,
    'proxy',
    {
      id: 'integer',
      protocol: 'text',
      host: 'text',
      port: 'integer',
      username: 'text',
      password: 'text',
      comment: 'text',
      status: 'text',
      latency_ms: 'integer',
      last_checked_at: 'timestamptz',
    },
    await sealPlannedRows(ctx, 'proxy', proxies, [{ column: 'password' }]),
    { returning: ['id', 'username'] },
  );
  const proxyIds = idsByKey(proxyRows, (r) => r.username);
  return { serverGroupIds, proxyIds: proxies.map((p) => requireId(proxyIds, p.username)) };
}
