import { exposeFigure, exposeProcessFigures, sharedPerScrape } from '@toydesk/api-kit';
import {
  readLaneBacklogs,
  readOpenAlerts,
  readTradingLag,
  readUnfinishedDeliveries,
  vaultOperations,
} from '@toydesk/db';
import { rateLimitUse } from '@toydesk/http';

import type { BotRuntime } from '../bot-runtime.ts';

/**
 * The bots' figures on /metrics (bot services, workers, the embedded mount), read from the database at
 * each scrape: the queue's backlog per lane, the trading loops' lag, open alerts, unfinished deliveries;
 * with the process's vault and rate-limit figures.
 */
export function exposeBotFigures(runtime: BotRuntime): void {
  exposeProcessFigures({ vaultOperations, rateLimitUse });
  const backlogs = sharedPerScrape(() => readLaneBacklogs(runtime.db));
  exposeFigure({
    name: 'toydesk_job_queue_waiting',
    help: 'Jobs ready to run and not yet taken, per lane.',
    type: 'gauge',
    labelNames: ['lane'],
    read: async () => (await backlogs()).map((row) => ({ labels: { lane: row.lane }, value: row.waiting })),
  });
  exposeFigure({
    name: 'toydesk_job_queue_oldest_seconds',
    help: 'How long the oldest job ready to run has waited, per lane.',
    type: 'gauge',
    labelNames: ['lane'],
    read: async () =>
      (await backlogs()).map((row) => ({
        labels: { lane: row.lane },
        value: row.oldest_seconds,
      })),
  });
  exposeFigure({
    name: 'toydesk_trading_tick_lag_seconds',
    help: 'How far the most overdue tick of a switched-on trading loop is behind its time, per loop.',
    type: 'gauge',
    labelNames: ['loop'],
    read: async () =>
      (await readTradingLag(runtime.db)).map((row) => ({
        labels: { loop: row.loop },
        value: row.lag_seconds,
      })),
  });
  exposeFigure({
    name: 'toydesk_open_alerts',
    help: 'Bot alerts not acknowledged, per severity.',
    type: 'gauge',
    labelNames: ['severity'],
    read: async () =>
      (await readOpenAlerts(runtime.db)).map((row) => ({
        labels: { severity: row.severity },
        value: row.open,
      })),
  });
  exposeFigure({
    name: 'toydesk_unfinished_deliveries',
    help: 'Sold items not yet delivered (pending, sent, trade_ready), per state.',
    type: 'gauge',
    labelNames: ['state'],
    read: async () =>
      (await readUnfinishedDeliveries(runtime.db)).map((row) => ({
        labels: { state: row.state },
        value: row.count,
      })),
  });
}
