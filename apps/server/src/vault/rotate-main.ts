import { parseArgs } from 'node:util';

import {
  ADVISORY_LOCKS,
  assertMigrated,
  countUnrotated,
  loadVault,
  openDatabase,
  rotateVault,
} from '@toydesk/db';

import { loadConfig } from '../config.ts';

/**
 * `npm run vault:rotate`: re-seals every stored secret under TOYDESK_SECRET_KEY (and binds v1 values to
 * their rows), opening them with that key or one of TOYDESK_SECRET_OLD_KEYS. Safe to stop and run again;
 * docs/deployment.md has the steps. It prints counts only, never a value.
 */
const { values } = parseArgs({
  options: { 'batch-size': { type: 'string', default: '200' }, limit: { type: 'string' } },
});
const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await assertMigrated(db);
  const vault = await db.exclusive(ADVISORY_LOCKS.startUp, () =>
    loadVault(db, {
      secretKey: config.secretKey,
      oldKeys: config.oldSecretKeys,
      dataDir: config.dataDir,
      allowKeyFile: !config.databaseUrl,
    }),
  );
  const report = await rotateVault(db, vault, {
    batchSize: Number(values['batch-size']),
    limit: values.limit === undefined ? undefined : Number(values.limit),
  });
  const left = Object.entries(await countUnrotated(db, vault)).filter(([, n]) => n > 0);
  process.stdout.write(
    `[toydesk] vault:rotate: ${String(report.rotated)} values re-sealed under key ${vault.keyId}\n`,
  );
  for (const place of report.failed) {
    process.stdout.write(
      `[toydesk] vault:rotate: ${place.table}.${place.column} of row ${String(place.id)} opens with no configured key\n`,
    );
  }
  for (const [column, n] of left)
    process.stdout.write(`[toydesk] vault:rotate: ${column}: ${String(n)} left\n`);
  if (left.length === 0) {
    process.stdout.write('[toydesk] vault:rotate: done, every value is under the current key\n');
  }
  process.exitCode = report.failed.length > 0 ? 1 : left.length > 0 ? 2 : 0;
} finally {
  await db.close();
}
