import { QueryClient } from '@tanstack/react-query';
import type { BotJob } from '@toydesk/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { botJob } from '@/test/bot-job';
import { observe, scriptedLive } from '@/test/scripted-event-source';

import { BOT_JOB_POLL_MS, botJobQueryOptions } from './bot-jobs';

let client: QueryClient;
let live: ReturnType<typeof scriptedLive>;
const unsubscribers: Array<() => void> = [];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  live = scriptedLive(client);
});

afterEach(() => {
  for (const unsubscribe of unsubscribers.splice(0)) unsubscribe();
  live.close();
  vi.useRealTimers();
  client.clear();
});

/** One job's dialog, whose job is in `state.job` at each read. */
async function dialog(state: { job: BotJob }) {
  const watched = await observe(client, botJobQueryOptions('j1'), () => state.job);
  unsubscribers.push(watched.unsubscribe);
  return watched;
}

describe("a single job's dialog on the live stream", () => {
  it('follows the jobs topic', () => {
    expect(botJobQueryOptions('j1').meta).toMatchObject({ live: ['jobs'] });
  });

  it('does not poll while the stream is up; a jobs change reads it, up to its end and no further', async () => {
    live.up();
    const state = { job: botJob('j1', { state: 'running' }) };
    const watched = await dialog(state);
    expect(watched.reads()).toBe(1);
    await vi.advanceTimersByTimeAsync(10 * BOT_JOB_POLL_MS);
    expect(watched.reads()).toBe(1);

    state.job = botJob('j1', { state: 'done' });
    live.change('jobs');
    await vi.advanceTimersByTimeAsync(0);
    expect(watched.reads()).toBe(2);
    expect(client.getQueryData<BotJob>(['bot-jobs', 'one', 'j1'])?.state).toBe('done');

    // Other jobs keep the topic busy: a finished job is not read again, and does not poll when the stream drops.
    for (let i = 0; i < 5; i++) {
      live.change('jobs');
      await vi.advanceTimersByTimeAsync(1000);
    }
    live.down();
    await vi.advanceTimersByTimeAsync(10 * BOT_JOB_POLL_MS);
    expect(watched.reads()).toBe(2);
  });

  it('polls every second while the stream is down, until the job ends', async () => {
    const state = { job: botJob('j1', { state: 'queued' }) };
    const watched = await dialog(state);
    await vi.advanceTimersByTimeAsync(3 * BOT_JOB_POLL_MS);
    expect(watched.reads()).toBe(4);
    state.job = botJob('j1', { state: 'failed' });
    await vi.advanceTimersByTimeAsync(5 * BOT_JOB_POLL_MS);
    expect(watched.reads()).toBe(5);
  });

  it('a stream that drops while the job runs starts the polling again', async () => {
    live.up();
    const watched = await dialog({ job: botJob('j1', { state: 'running' }) });
    await vi.advanceTimersByTimeAsync(3 * BOT_JOB_POLL_MS);
    expect(watched.reads()).toBe(1);
    live.down();
    await vi.advanceTimersByTimeAsync(3 * BOT_JOB_POLL_MS);
    expect(watched.reads()).toBeGreaterThanOrEqual(4);
  });
});
