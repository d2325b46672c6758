import { QueryClient } from '@tanstack/react-query';
import type { AccountChecklist } from '@toydesk/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { observe, scriptedLive } from '@/test/scripted-event-source';

import { checklistsQueryOptions, LIVE_REFRESH_MS } from './get-checklists';

let client: QueryClient;
let live: ReturnType<typeof scriptedLive>;
const unsubscribers: Array<() => void> = [];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  live = scriptedLive(client);
});

afterEach(() => {
  for (const unsubscribe of unsubscribers.splice(0)) unsubscribe();
  live.close();
  vi.useRealTimers();
  client.clear();
});

const running = [
  { id: 1, steam_account: 1, steps: { login: { state: 'running' } } },
] as unknown as AccountChecklist[];

async function screen(rows: AccountChecklist[]) {
  const watched = await observe(client, checklistsQueryOptions(), () => rows);
  unsubscribers.push(watched.unsubscribe);
  return watched;
}

describe('the checklists screen on the live stream', () => {
  it('follows the checklists topic', () => {
    expect(checklistsQueryOptions().meta).toEqual({ live: ['checklists'] });
  });

  it('a running step does not poll while the stream is up; a checklists change reads the list', async () => {
    live.up();
    const watched = await screen(running);
    await vi.advanceTimersByTimeAsync(5 * LIVE_REFRESH_MS);
    expect(watched.reads()).toBe(1);
    live.change('jobs');
    await vi.advanceTimersByTimeAsync(0);
    expect(watched.reads()).toBe(1);
    live.change('checklists');
    await vi.advanceTimersByTimeAsync(0);
    expect(watched.reads()).toBe(2);
  });

  it('polls while the stream is down and a step runs, not when none does', async () => {
    const rows = { now: running };
    const watched = await observe(client, checklistsQueryOptions(), () => rows.now);
    unsubscribers.push(watched.unsubscribe);
    await vi.advanceTimersByTimeAsync(3 * LIVE_REFRESH_MS);
    expect(watched.reads()).toBe(4);
    rows.now = [];
    await vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS);
    expect(watched.reads()).toBe(5);
    // No step runs any more: no polling.
    await vi.advanceTimersByTimeAsync(3 * LIVE_REFRESH_MS);
    expect(watched.reads()).toBe(5);
  });
});
