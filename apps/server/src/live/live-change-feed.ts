import { LIVE_TOPICS, type LiveTopic } from '@toydesk/contract';
import { readDataVersion, type Queryable, type VersionedTable } from '@toydesk/db';

/** The table whose data version says a topic changed (migrations 023, 024, 026). */
const TOPIC_TABLES: Record<LiveTopic, VersionedTable> = {
  alerts: 'bot_alert',
  deliveries: 'bot_delivery',
  proxies: 'proxy',
  jobs: 'bot_job_log',
  balances: 'market_account',
  'steam-accounts': 'steam_account',
  trading: 'bot_trading_loop',
  history: 'toy_history',
  checklists: 'account_checklist',
  spending: 'market_spend',
};
const TABLES = LIVE_TOPICS.map((topic) => TOPIC_TABLES[topic]);

/** How often the versions are read while anyone listens: an event reaches a tab within about this. */
export const LIVE_POLL_MS = 250;

/**
 * The topics whose part of version `to` differs from `from` (both read by this feed: one bigint per topic,
 * joined by dots, in LIVE_TOPICS order). A `from` that is not such a version (a client's made-up
 * Last-Event-ID, a version from before a new topic was added) counts as every topic changed: the client
 * reads everything again, which is always safe.
 */
export function changedTopics(from: string, to: string): LiveTopic[] {
  const before = from.split('.');
  const after = to.split('.');
  if (before.length !== after.length || !before.every((part) => /^\d{1,20}$/.test(part))) {
    return [...LIVE_TOPICS];
  }
  return LIVE_TOPICS.filter((_topic, i) => before[i] !== after[i]);
}

/** While reads keep failing, the error is reported once per this long (the first failure at once). */
export const LIVE_ERROR_REPORT_MS = 60_000;

/** Hears each version read that differs from the read before (and the first read after a start). */
export type LiveListener = (version: string) => void;

/**
 * One reader of the live tables' versions for the whole server, however many tabs listen: it reads only
 * while someone listens (an idle server with no console open does nothing), and tells every listener the
 * new version.
 */
export class LiveChangeFeed {
  private readonly listeners = new Set<LiveListener>();
  private timer: NodeJS.Timeout | null = null;
  private ticking = false;
  private last: string | null = null;
  private reading: Promise<string> | null = null;
  /** When the failing reads were last reported; null while reads succeed. */
  private errorReportedAt: number | null = null;

  constructor(
    private readonly db: Queryable,
    private readonly pollMs = LIVE_POLL_MS,
    /** A failed read: called for the first failure, then at most once per LIVE_ERROR_REPORT_MS while they last. */
    private readonly onError: (error: unknown) => void = () => undefined,
    private readonly now: () => number = Date.now,
  ) {}

  /** The versions now (one read shared by callers that ask at once). */
  current(): Promise<string> {
    this.reading ??= readDataVersion(this.db, TABLES).finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    if (this.timer === null && !this.ticking) this.schedule();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  }

  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.last = null;
  }

  private schedule(): void {
    this.timer = setTimeout(() => void this.tick(), this.pollMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    this.timer = null;
    this.ticking = true;
    try {
      const version = await this.current();
      // Each listener compares with what it sent last (a tab that joined between two reads has its own).
      if (version !== this.last) for (const listener of [...this.listeners]) listener(version);
      this.last = version;
      this.errorReportedAt = null;
    } catch (error) {
      // A failed read (database restarting) is retried at the next tick; listeners keep their streams. Four
      // reads a second would otherwise log four warnings a second for as long as the database is away.
      const at = this.now();
      if (this.errorReportedAt === null || at - this.errorReportedAt >= LIVE_ERROR_REPORT_MS) {
        this.errorReportedAt = at;
        this.onError(error);
      }
    }
    this.ticking = false;
    if (this.listeners.size > 0 && this.timer === null) this.schedule();
  }
}
