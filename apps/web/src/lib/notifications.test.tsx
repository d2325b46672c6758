import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { NotificationsHost } from '@/components/notifications-host';
import { Providers } from '@/test/render';

import { createNotificationQueue } from './notifications';

describe('notification queue', () => {
  it('appends notifications in order and removes them by id', () => {
    const queue = createNotificationQueue();
    const first = queue.add({ text: 'one' });
    const second = queue.add({ text: 'two', title: 'T', color: 'error' });
    expect(queue.list()).toEqual([
      { id: first, text: 'one' },
      { id: second, text: 'two', title: 'T', color: 'error' },
    ]);
    queue.remove(first);
    expect(queue.list().map((n) => n.text)).toEqual(['two']);
    queue.remove('no-such-id');
    expect(queue.list()).toHaveLength(1);
  });

  it('keeps a given id unique and the list stable between changes', () => {
    const queue = createNotificationQueue();
    queue.add({ id: 'x', text: 'old' });
    const before = queue.list();
    expect(queue.list()).toBe(before);
    queue.add({ id: 'x', text: 'new' });
    expect(queue.list()).toEqual([{ id: 'x', text: 'new' }]);
  });

  it('tells subscribers about every change and drops the oldest past its limit', () => {
    const queue = createNotificationQueue({ limit: 2 });
    const listener = vi.fn();
    const unsubscribe = queue.subscribe(listener);
    queue.add({ text: 'a' });
    queue.add({ text: 'b' });
    queue.add({ text: 'c' });
    expect(queue.list().map((n) => n.text)).toEqual(['b', 'c']);
    queue.clear();
    expect(listener).toHaveBeenCalledTimes(4);
    unsubscribe();
    queue.add({ text: 'd' });
    expect(listener).toHaveBeenCalledTimes(4);
  });

  it('is shown as alerts that close by their button and by themselves', () => {
    vi.useFakeTimers();
    try {
      const queue = createNotificationQueue();
      render(
        <Providers>
          <NotificationsHost queue={queue} />
        </Providers>,
      );
      act(() => {
        queue.add({ text: 'Server error(500)', title: 'Ошибка запроса', color: 'error' });
        queue.add({ text: 'Saved', color: 'success' });
      });
      const alerts = screen.getAllByRole('alert');
      expect(alerts.map((a) => a.textContent)).toEqual(['Ошибка запросаServer error(500)', 'Saved']);
      expect(alerts[0]?.className).toMatch(/colorError/);
      fireEvent.click(screen.getAllByRole('button', { name: 'Закрыть' })[0]!);
      expect(queue.list().map((n) => n.text)).toEqual(['Saved']);
      act(() => {
        vi.advanceTimersByTime(6000);
      });
      expect(queue.list()).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
