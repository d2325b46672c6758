import type { Queryable } from '../database.ts';

/** A proxy found by its username: the password is the vault's ciphertext (or null). */
export type ProxyLoginRow = {
  id: number;
  username: string;
  password: string | null;
  host: string;
  comment: string | null;
};

/** The proxies with these usernames, in id order. */
export async function findProxiesByUsername(db: Queryable, usernames: string[]): Promise<ProxyLoginRow[]> {
  return db.query<ProxyLoginRow>(
    'SELECT id, username, password, host, comment FROM proxy WHERE username = ANY($1::text[]) ORDER BY id',
    [usernames],
  );
}

/** Points proxies at new endpoints (protocol, host, port) in one statement; not audited (the demo start). */
export async function moveProxyEndpoints(
  db: Queryable,
  moves: { id: number; protocol: string; host: string; port: number }[],
): Promise<void> {
  await db.query(
    `UPDATE proxy p SET protocol = v.protocol, host = v.host, port = v.port
       FROM unnest($1::int[], $2::text[], $3::text[], $4::int[]) AS v(id, protocol, host, port)
       WHERE p.id = v.id`,
    [
      moves.map((m) => m.id),
      moves.map((m) => m.protocol),
      moves.map((m) => m.host),
      moves.map((m) => m.port),
    ],
  );
}
