import type { Queryable } from '../database.ts';

/** A table whose writes bump its row of `data_version` (migration 023). */
export type VersionedTable = 'toy_history';

/** The table's change counter as text (a bigint: never through a JS number). */
export async function readDataVersion(db: Queryable, table: VersionedTable): Promise<string> {
  const [row] = await db.query<{ version: string }>(
    'SELECT version::text AS version FROM data_version WHERE name = $1',
    [table],
  );
  if (!row) throw new Error(`data_version has no row for ${table}`);
  return row.version;
}

interface Entry<T> {
  version: string;
  value: T;
  weight: number;
}

export interface CachedValue<T> {
  value: T;
  /** The table's version the value was computed at (or after). */
  version: string;
}

/**
 * Values computed from one table, kept until the table's version changes: read the version, then answer
 * from the entry stored under it or compute, store and answer. The version is read before the table, so a
 * stored value is never older than its version (see migration 023). Requests that miss at once share one
 * computation. Entries are dropped least recently used first beyond `maxWeight` (the caller says what a
 * value weighs: the length of the JSON it answers with, or 1 to bound the number of entries).
 */
export class VersionedCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly pending = new Map<string, Promise<CachedValue<T>>>();
  private weight = 0;

  constructor(
    readonly table: VersionedTable,
    private readonly maxWeight: number,
    private readonly weigh: (value: T) => number,
  ) {}

  /**
   * The entry of `key` at the table's current version, computed when missing or older. `db` must not be a
   * transaction that may have written the table: its uncommitted version could be reused by another commit.
   */
  async get(db: Queryable, key: string, compute: () => Promise<T>): Promise<CachedValue<T>> {
    return this.getAt(await readDataVersion(db, this.table), key, compute);
  }

  /** As get(), at a version the caller read (before it reads the table) for its own use, an ETag say. */
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
    if (old && BigInt(old.version) > BigInt(entry.version)) return;
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
