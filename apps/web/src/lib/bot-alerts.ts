import type { BotAlert } from '@toydesk/contract';
import { useEffect, useSyncExternalStore } from 'react';

import { botApi } from './bot-api';
import type { CommonData } from './common-data';
import { getUiLang, i18n } from './i18n';
import { alertTitle, formatAlert } from './job-results/alert-text';
import { createTextContext } from './job-results/use-text-context';
import { isLiveConnected, onLiveTopic } from './live-updates';
import { notify, type NotificationColor } from './notifications';

/**
 * Bot alerts in the shell: a poller reads the open alerts every ~15 s, shows the ones newer than the last
 * seen id as notifications (error colour for errors) and keeps the open count for the bell. The alerts
 * screen calls refreshAlerts() after acknowledging.
 */

export const ALERT_POLL_MS = 15_000;

export interface AlertsState {
  /** Open (unacknowledged) alerts; null until the service has answered once. */
  open: number | null;
  /** The newest alert id seen; null before the first read. */
  lastId: number | null;
}

type Listener = () => void;

export interface AlertsStore {
  get(): AlertsState;
  subscribe(listener: Listener): () => void;
  /** One poll: the open count, then the alerts after the last seen id as notifications. */
  poll(): Promise<void>;
  reset(): void;
  /** The names the notifications use (market account labels, Steam account names, market names). */
  setNames(names: AlertNames): void;
}

export type AlertNames = Pick<CommonData, 'markets' | 'steamAccounts'>;

/** A new alert as a notification: its kind's title and its sentence, in the UI's language. */
export function describeAlert(alert: BotAlert, names: AlertNames): { title: string; text: string } {
  const ctx = createTextContext(
    { t: (key, options) => i18n.t(key, options ?? {}) as string, exists: (key) => i18n.exists(key) },
    getUiLang(),
    names,
  );
  return {
    title: i18n.t('ops.alerts.notificationTitle', { kind: alertTitle(alert.kind, ctx) }),
    text: formatAlert(alert, ctx),
  };
}

const SEVERITY_COLOR: Record<BotAlert['severity'], NotificationColor> = {
  error: 'error',
  warning: 'warning',
  info: 'info',
};

/** At most this many new alerts become notifications in one poll; the bell counts the rest. */
const MAX_NOTIFIED = 5;

export function createAlertsStore(): AlertsStore {
  let state: AlertsState = { open: null, lastId: null };
  let names: AlertNames = { markets: [], steamAccounts: [] };
  const listeners = new Set<Listener>();
  const set = (next: AlertsState) => {
    if (next.open === state.open && next.lastId === state.lastId) return;
    state = next;
    for (const listener of listeners) listener();
  };
  // The bot service may be down or not deployed: the shell stays quiet about it.
  const quiet = { hideNotification: true, retry: 0 } as const;
  let polling: Promise<void> | null = null;

  async function pollOnce() {
    const head = await botApi.call('bot-alerts.list', { query: { acknowledged: '0', page_size: 1 } }, quiet);
    if (!head.success || !head.data) return;
    const newest = head.data.results[0]?.id ?? 0;
    const open = head.data.count;
    if (state.lastId === null) {
      // First read: what is already open is counted by the bell, not announced again.
      set({ open, lastId: newest });
      return;
    }
    let lastId = state.lastId;
    if (newest > lastId) {
      const fresh = await botApi.call(
        'bot-alerts.list',
        { query: { acknowledged: '0', after_id: lastId, page_size: 50 } },
        quiet,
      );
      const alerts = fresh.success && fresh.data ? fresh.data.results : [];
      for (const alert of alerts.slice(0, MAX_NOTIFIED))
        notify({
          id: `bot-alert-${alert.id}`,
          ...describeAlert(alert, names),
          color: SEVERITY_COLOR[alert.severity],
        });
      lastId = Math.max(lastId, newest, ...alerts.map((alert) => alert.id));
    }
    set({ open, lastId });
  }

  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    poll() {
      // Overlapping ticks (a slow service) share one read.
      polling ??= pollOnce().finally(() => {
        polling = null;
      });
      return polling;
    },
    reset() {
      set({ open: null, lastId: null });
    },
    setNames(next) {
      names = next;
    },
  };
}

/** The console's one alerts store. */
export const alertsStore = createAlertsStore();

/** Reads the open count again now (after an acknowledgement). */
export function refreshAlerts(): Promise<void> {
  return alertsStore.poll();
}

export function useAlertsState(store: AlertsStore = alertsStore): AlertsState {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/** Polls while mounted (the shell mounts it once): at once, then every ALERT_POLL_MS. */
export function useAlertPoller(store: AlertsStore = alertsStore, intervalMs = ALERT_POLL_MS): void {
  useEffect(() => {
    // Not in this effect itself: the common-data gate sets the app token in its own effect, which runs
    // after its children's; the first read waits for the next task.
    const first = setTimeout(() => void store.poll(), 0);
    // While the live stream is up a new or changed alert comes with it; the timer is the fallback.
    const timer = setInterval(() => {
      if (!isLiveConnected()) void store.poll();
    }, intervalMs);
    const offLive = onLiveTopic('alerts', () => void store.poll());
    return () => {
      clearTimeout(first);
      clearInterval(timer);
      offLive();
    };
  }, [store, intervalMs]);
}
