import { createHash } from 'node:crypto';

/**
 * What one tick did, for the runner's back-off (tick-backoff.ts): how many actions and alerts, whether any
 * action went through (it changed something outside), and a digest of the rest.
 *
 * Why the digest: a dry-run account only records what it would do, so nothing it "does" changes its inputs;
 * with a market that stands still (an idle demo's paused world, or a quiet real one) every tick of
 * dynamic-orders or list-reprice records the same 100 would-be orders again, and counted as work it never
 * backed off. A tick whose only activity is dry-run actions and alerts identical to the previous tick's (its
 * inputs did not change since then) has nothing new to do.
 */
export class TickActivity {
  /** Every action and alert of the tick. */
  count = 0;
  /** Actions that went through (not dry run): the world outside changed, so this is work. */
  private applied = 0;
  /** One short hash per action and alert: compared as a set, so the order of the tick's work does not matter. */
  private readonly items: string[] = [];

  private add(text: string) {
    this.items.push(createHash('sha256').update(text).digest('hex').slice(0, 16));
  }

  /** An action the loop took or, in dry run (`applied` false), only recorded. */
  action(kind: string, detail: unknown, applied: boolean): void {
    this.count += 1;
    if (applied) this.applied += 1;
    this.add(`action\n${kind}\n${JSON.stringify(detail)}\n`);
  }

  alert(kind: string, message: string, details: unknown): void {
    this.count += 1;
    this.add(`alert\n${kind}\n${message}\n${JSON.stringify(details ?? null)}\n`);
  }

  /** The digest of what the tick did (handed to the next tick); null when an action went through. */
  digest(): string | null {
    if (this.applied > 0) return null;
    // 16 hex digits: enough to tell one tick's outcome from the last one's, short in the queued job's params.
    return createHash('sha256')
      .update([...this.items].sort().join('\n'))
      .digest('hex')
      .slice(0, 16);
  }

  /**
   * Nothing to do: no action and no alert, or only dry-run actions and alerts, the very ones of the previous
   * tick (`previous`, its digest).
   */
  nothingNew(previous: string | undefined): boolean {
    if (this.count === 0) return true;
    const digest = this.digest();
    return digest !== null && digest === previous;
  }
}
