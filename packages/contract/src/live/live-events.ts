import { z } from 'zod';

/**
 * What the console's live stream (GET /api/live/, Server-Sent Events) reports: which kinds of data changed,
 * never the data itself — a tab that hears `alerts` reads its alerts again through the API as before, so the
 * stream adds no second way to read anything and no second authorisation rule.
 */
export const LIVE_TOPICS = [
  'alerts',
  'deliveries',
  'proxies',
  'jobs',
  'balances',
  'steam-accounts',
  'trading',
  'history',
  // Sign-up checklists' steps (account_checklist) and spending calls with the spend guards (market_spend,
  // market_spend_guard): migration 032. New topics go last: a version's parts are in this order.
  'checklists',
  'spending',
] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];
export const liveTopicSchema = z.enum(LIVE_TOPICS);

/** The stream's path on the server (same origin and session cookie as /api). */
export const LIVE_PATH = '/api/live/';

/** A change event's body: the topics whose data changed since the event before (or since Last-Event-ID). */
export const liveChangeSchema = z.object({ topics: z.array(liveTopicSchema) });
export type LiveChange = z.infer<typeof liveChangeSchema>;

/** The server's comment line to keep proxies from closing a quiet stream, and to recheck the session. */
export const LIVE_HEARTBEAT_MS = 20_000;
