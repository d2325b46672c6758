/**
 * What the market simulators' request statistics share (tm's per API key, the kit markets' per account): a
 * record of counters per subject, made on first use, with the anonymous caller under `''`; the total of
 * requests; sums over every subject; and the calls a client made under its own reference (a custom_id),
 * where a reference that moved money twice is a duplicate purchase or order.
 */

/** The calls made under one client reference. */
export interface PerRef {
  calls: number;
  /** How many of those calls moved money (a purchase, a transfer, an order): at most 1 when idempotent. */
  effects: number;
}

/** Counts one call made under `ref`; `effect` when it moved money. */
export function countRef(byRef: Record<string, PerRef>, ref: string, effect: boolean): void {
  const entry = (byRef[ref] ??= { calls: 0, effects: 0 });
  entry.calls++;
  if (effect) entry.effects++;
}

/** How many references moved money more than once (always 0 unless a client spent twice). */
export function duplicateRefs(...byRefs: Record<string, PerRef>[]): number {
  return byRefs.flatMap((byRef) => Object.values(byRef)).filter((entry) => entry.effects > 1).length;
}

/** The subject of calls made with no (or no known) credentials. */
const ANONYMOUS = '';

export class PerSubjectStats<S> {
  private readonly subjects = new Map<string, S>();
  protected totalRequests = 0;

  constructor(private readonly empty: () => S) {}

  /** The counters of `subject`, made empty on its first use. */
  protected of(subject: string | null): S {
    const id = subject ?? ANONYMOUS;
    let stats = this.subjects.get(id);
    if (!stats) {
      stats = this.empty();
      this.subjects.set(id, stats);
    }
    return stats;
  }

  /** One number summed over every subject, the anonymous one included. */
  protected sum(pick: (stats: S) => number): number {
    let total = 0;
    for (const stats of this.subjects.values()) total += pick(stats);
    return total;
  }

  /** A copy of every subject's counters but the anonymous one's. */
  protected namedSubjects(): Record<string, S> {
    return structuredClone(Object.fromEntries([...this.subjects].filter(([id]) => id !== ANONYMOUS)));
  }

  reset(): void {
    this.subjects.clear();
    this.totalRequests = 0;
  }
}
