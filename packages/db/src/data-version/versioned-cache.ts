import type { Queryable } from '../database.ts';

/**
 * A table whose writes bump its data version (migrations 023 and 024: a statement trigger; 026: the live
 * stream's bot tables, bot_trading_loop only on a change of status; 032: checklists and spending).
 */
export type VersionedTable =
  | 'toy_history'
  | 'steam_account'
  | 'market_account'
  | 'market'
  | 'market_toy'
  | 'toy'
  | 'bot_alert'
  | 'bot_delivery'
  | 'proxy'
  | 'bot_job_log'
  | 'bot_trading_loop'
  // Migration 032 (live stream): checklists' steps; spending calls and spend guards under one name.
  | 'account_checklist'
  | 'market_spend';

/**
 * The tables' change counters as one text, in the order given: each a bigint (never through a JS number),
 * joined by dots. A table that was never written counts 0.
 */
export async function readDataVersion(db: Queryable, tables: readonly VersionedTable[]): Promise<string> {
  const rows = await db.query<{ name: string; version: string }>(
    'SELECT name, sum(n)::text AS version FROM data_version_part WHERE name = ANY($1::text[]) GROUP BY name',
    [tables],
  );
  const byName = new Map(rows.map((row) => [row.name, row.version]));
  return tables.map((table) => byName.get(table) ?? '0').join('.');
}

/** True when version `a` is older than `b` in some table (both read for the same tables, in order). */
export function isOlderVersion(a: string, b: string): boolean {
  const bParts = b.split('.');
  return a.split('.').some((part, i) => BigInt(part) < BigInt(bParts[i] ?? '0'));
}

/**
 * Folds the data-version rows of backends that have ended into one row per table (same sums). Cheap, and
 * a no-op while another process folds; the server calls it from time to time so the rows stay few.
 */
export async function foldDataVersionParts(db: Queryable): Promise<void> {
  await db.query('SELECT fold_data_version_parts()');
}

interface Entry<T> {
  version: string;
  value: T;
  weight: number;
}

export interface CachedValue<T> {
  value: T;
  /** The tables' version the value was computed at (or after). */
  version: string;
}

/**
 * Values computed from some tables, kept until their version changes: read the version, then answer from
 * the entry stored under it or compute, store and answer. The version is read before the tables, so a
 * stored value is never older than its version (see migration 024). Requests that miss at once share one
 * computation. Entries are dropped least recently used first beyond `maxWeight` (the caller says what a
 * value weighs: the length of the JSON it answers with, or 1 to bound the number of entries). A key must
 * always be asked with the same tables.
 */
export class VersionedCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly pending = new Map<string, Promise<CachedValue<T>>>();
  private weight = 0;

  constructor(
    private readonly maxWeight: number,
    private readonly weigh: (value: T) => number,
  ) {}

  /**
   * The entry of `key` at the tables' current version, computed when missing or older. `db` must not be a
   * transaction that may have written the tables: its uncommitted version could be reused by another commit.
   */
  async get(
    db: Queryable,
    tables: readonly VersionedTable[],
    key: string,
    compute: () => Promise<T>,
  ): Promise<CachedValue<T>> {
    return this.getAt(await readDataVersion(db, tables), key, compute);
  }

  /** As get(), at a version the caller read (before it reads the tables) for its own use, an ETag say. */
  async getAt(version: string, key: string, compute: () => Promise<T>): Promise<CachedValue<T>> {
    const entry = this.entries.get(key);
    if (entry && entry.version === version) {
      // Least recently used order is the Map's insertion order: move the hit to the end.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return { value: entry.value, version };
    }
    const flightKey = `${version}\u0000${key}`;
    const inFlight = this.pending.get(flightKey);
    if (inFlight) return inFlight;
    const computing = (async () => {
      try {
        const value = await compute();
        this.store(key, { version, value, weight: this.weigh(value) });
        return { value, version };
      } finally {
        this.pending.delete(flightKey);
      }
    })();
    this.pending.set(flightKey, computing);
    return computing;
  }

  /** How many entries and weight are kept (for tests and metrics). */
  get size(): { entries: number; weight: number } {
    return { entries: this.entries.size, weight: this.weight };
  }

  private store(key: string, entry: Entry<T>): void {
    const old = this.entries.get(key);
    // A slow computation at an older version must not replace a newer one's entry.
    if (old && isOlderVersion(entry.version, old.version)) return;
    if (old) {
      this.entries.delete(key);
      this.weight -= old.weight;
    }
    if (entry.weight > this.maxWeight) return;
    this.entries.set(key, entry);
    this.weight += entry.weight;
    for (const [oldest, value] of this.entries) {
      if (this.weight <= this.maxWeight) break;
      this.entries.delete(oldest);
      this.weight -= value.weight;
    }
  }
}
