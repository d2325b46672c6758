import { readFileSync } from 'node:fs';

import { HttpClient, MemoryRateLimiter } from '../index.ts';
import { startTestServer, type RecordedRequest } from './test-server.ts';

/**
 * Test support (imported by the recorded-answer tests only): a loopback HTTP server that answers each
 * request with bytes recorded from a marketplace's documentation or a public client library, exactly as
 * stored. It is not a model of the marketplace: it replays one answer per route and records what the
 * client sent, so a test can run the real client over real HTTP against the real answer.
 */

export interface RecordedAnswer {
  status?: number;
  /** The body exactly as recorded (read from a fixture file). */
  body: string;
  contentType?: string;
}

export interface ReplayServer {
  /** http://127.0.0.1:<port> (no trailing slash). */
  base: string;
  http: HttpClient;
  /** Every request received, oldest first. */
  received: RecordedRequest[];
  /** Sets the answer for `METHOD /path` (the query is ignored when matching). */
  answer(method: string, path: string, answer: RecordedAnswer): void;
  close(): Promise<void>;
}

/** Reads a fixture file beside the test (`new URL('./fixtures/x.json', import.meta.url)`). */
export function fixture(url: URL): string {
  return readFileSync(url, 'utf8');
}

export async function startReplayServer(): Promise<ReplayServer> {
  const answers = new Map<string, RecordedAnswer>();
  const server = await startTestServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://replay').pathname;
    const recorded = answers.get(`${request.method} ${path}`);
    if (!recorded) {
      response.writeHead(599, { 'content-type': 'text/plain' });
      response.end(`no recorded answer for ${request.method} ${path}`);
      return;
    }
    response.writeHead(recorded.status ?? 200, {
      'content-type': recorded.contentType ?? 'application/json; charset=utf-8',
    });
    response.end(recorded.body);
  });
  // No retries: a replayed error must reach the client once, as the marketplace sent it.
  const http = new HttpClient({
    rateLimiter: new MemoryRateLimiter({ limit: 1000, windowMs: 1000 }),
    retry: { baseDelayMs: 1, maxDelayMs: 1, retriesWithoutBody: 0, retriesWithBody: 0 },
  });
  return {
    base: server.origin,
    http,
    received: server.requests,
    answer(method, path, answer) {
      answers.set(`${method} ${path}`, answer);
    },
    async close() {
      await http.close();
      await server.close();
    },
  };
}
