/**
 * Writes $STATE/steam-accounts-sql.json: the statements toydesk's /api/steam/accounts/?page=1&page_size=100
 * sends (session lookup, count, page), built by toydesk's own code (the steam accounts' EntityRepository and
 * the query-string reader the server uses), so that the raw-limit server runs exactly the same SQL.
 *
 *   STATE=/tmp/drf-peer-state npx tsx apps/server/bench/drf-peer/raw/gen-raw-sql.ts
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';

import { parseQueryString } from '@toydesk/api-kit';
import { EntityRepository, ENTITY_TABLES, type Database, type Vault } from '@toydesk/db';

// Building statements touches neither the database nor the vault.
const accounts = new EntityRepository(
  ENTITY_TABLES.steamAccount,
  null as unknown as Database,
  null as unknown as Vault,
);
const { where, orderBy, params } = accounts.parseList(parseQueryString('page=1&page_size=100'));
const out = {
  // packages/db repositories/operators.ts, operatorOfSession('token_hash')
  sessionSql: `SELECT o.id, o.username FROM operator_session s JOIN operator o ON o.id = s.operator_id
     WHERE s.token_hash = $1 AND s.expires_at > now() AND o.is_active`,
  countSql: accounts.countSql(where),
  // crud-handlers' list + api-kit's sendPage (page 1 of 100)
  pageSql: `${accounts.selectSql(where, orderBy)} LIMIT 100 OFFSET 0`,
  params,
};
const file = path.join(process.env.STATE ?? '/tmp/drf-peer-state', 'steam-accounts-sql.json');
writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
process.stdout.write(`wrote ${file}\n${out.countSql}\n${out.pageSql}\n`);
