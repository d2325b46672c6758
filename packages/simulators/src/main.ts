import { createSimulatorServer, OTHER_MARKET_PREFIXES, STEAM_PREFIX, TM_FAMILY_PREFIXES } from './server.ts';

/**
 * `npm run simulators`: the marketplace simulators standalone, for development and demos only.
 * SIM_PORT (default 8090; 0 = any free port) and SIM_HOST (default 127.0.0.1).
 */
const rawPort = process.env.SIM_PORT ?? '8090';
const port = Number(rawPort);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`SIM_PORT must be a port number, got ${rawPort}`);
  process.exit(1);
}
const host = process.env.SIM_HOST ?? '127.0.0.1';

const server = await createSimulatorServer();
const base = await server.listen({ port, host });
console.log(`toydesk simulators listening on ${base} (dev/demo only)`);
for (const prefix of Object.values(TM_FAMILY_PREFIXES)) {
  console.log(`  ${base}${prefix}/api/v2/get-money?key=...   control: ${base}${prefix}/_control/`);
}
for (const prefix of Object.values(OTHER_MARKET_PREFIXES)) {
  console.log(`  ${base}${prefix}/...   control: ${base}${prefix}/_control/`);
}
console.log(`  ${base}${STEAM_PREFIX}/community/market/...   control: ${base}${STEAM_PREFIX}/_control/`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
