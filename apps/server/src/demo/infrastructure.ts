import { bulkInsert, idsByKey, requireId } from './bulk-insert.ts';
import { isoBefore, MINUTE, type DemoContext } from './demo-context.ts';

/** The servers the bots run on: two server groups, their available IPs, and the proxies. */

export interface DemoInfrastructure {
  /** Server group ids, in order: Frankfurt, Moscow. */
  serverGroupIds: number[];
  proxyIds: number[];
}

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
    { returning: 'id, name', onConflict: '(name) DO UPDATE SET name = EXCLUDED.name' },
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
    {
      onConflict: '(address) DO NOTHING',
    },
  );

  const protocols = ['http', 'http', 'https', 'socks5'] as const;
  const proxies = Array.from({ length: 8 }, (_, i) => {
    const protocol = protocols[i % protocols.length]!;
    const status = i === 5 ? 'down' : i === 7 ? 'unknown' : 'up';
    return {
      protocol,
      host: `10.0.0.${11 + i}`,
      port: protocol === 'socks5' ? 1080 : protocol === 'https' ? 8443 : 3128,
      username: `proxy${String(i + 1).padStart(2, '0')}`,
      password: ctx.vault.encrypt(rng.alphanumeric(14)),
      comment: i < 4 ? 'Frankfurt pool' : 'Moscow pool',
      status,
      latency_ms: status === 'up' ? rng.int(18, 240) : null,
      last_checked_at: status === 'unknown' ? null : isoBefore(ctx, rng.int(1, 55) * MINUTE),
    };
  });
  const proxyRows = await bulkInsert<{ id: number; host: string }>(
    ctx.tx,
    'proxy',
    {
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
    proxies,
    { returning: 'id, host' },
  );
  const proxyIds = idsByKey(proxyRows, (r) => r.host);
  return { serverGroupIds, proxyIds: proxies.map((p) => requireId(proxyIds, p.host)) };
}
