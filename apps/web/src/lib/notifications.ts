import { useSyncExternalStore } from 'react';

export type NotificationColor = 'error' | 'warning' | 'info' | 'success';

/** A notification of spec section 3: id, text, optional title, optional colour. */
export interface AppNotification {
  id: string;
  text: string;
  title?: string;
  color?: NotificationColor;
}

export type NotificationInput = Omit<AppNotification, 'id'> & { id?: string };

export interface NotificationQueue {
  /** The queue, oldest first. The same array until the queue changes (safe for useSyncExternalStore). */
  list(): readonly AppNotification[];
  /** Appends a notification and returns its id. */
  add(input: NotificationInput): string;
  remove(id: string): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
}

export function createNotificationQueue(options: { limit?: number } = {}): NotificationQueue {
  const limit = options.limit ?? 50;
  let items: readonly AppNotification[] = [];
  let counter = 0;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  return {
    list: () => items,
    add(input) {
      counter += 1;
      const id = input.id ?? `n${Date.now().toString(36)}-${counter}`;
      const next = [...items.filter((item) => item.id !== id), { ...input, id }];
      // A storm of failures must not pile up thousands of snackbars: the oldest go first.
      items = next.length > limit ? next.slice(next.length - limit) : next;
      emit();
      return id;
    },
    remove(id) {
      if (!items.some((item) => item.id === id)) return;
      items = items.filter((item) => item.id !== id);
      emit();
    },
    clear() {
      if (items.length === 0) return;
      items = [];
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The console's one queue: the request wrapper and the screens append to it, the shell shows it. */
export const notifications = createNotificationQueue();

export function notify(input: NotificationInput): string {
  return notifications.add(input);
}

export function useNotifications(queue: NotificationQueue = notifications): readonly AppNotification[] {
  return useSyncExternalStore(queue.subscribe, queue.list, queue.list);
}
