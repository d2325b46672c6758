import type { ServerResponse } from 'node:http';

import { unauthorized } from '@toydesk/api-kit';
import { LIVE_HEARTBEAT_MS, LIVE_PATH, type LiveChange, type LiveTopic } from '@toydesk/contract';
import type { FastifyInstance } from 'fastify';

import { findSession, SESSION_COOKIE } from '../auth/sessions.ts';
import type { Services } from '../services.ts';
import { changedTopics, LiveChangeFeed } from './live-change-feed.ts';

export interface LiveRouteOptions {
  pollMs?: number;
  heartbeatMs?: number;
}

function writeEvent(raw: ServerResponse, version: string, topics: LiveTopic[]): void {
  const body: LiveChange = { topics };
  raw.write(`id: ${version}\nevent: change\ndata: ${JSON.stringify(body)}\n\n`);
}

/**
 * GET /api/live/: the console's live stream (Server-Sent Events), one per tab, on the operator's session
 * like every /api route. Each event names the topics that changed (`@toydesk/contract` live-events) and
 * carries the versions as its id, so a tab that reconnects (EventSource sends Last-Event-ID) hears at once
 * what changed while it was away. The session is checked again at every heartbeat: a logout or an expired
 * session ends the stream.
 */
export function registerLiveRoute(app: FastifyInstance, services: Services, options: LiveRouteOptions = {}) {
  const feed = new LiveChangeFeed(services.db, options.pollMs, (error) =>
    app.log.warn({ err: error }, 'live stream: reading the data versions failed'),
  );
  const heartbeatMs = options.heartbeatMs ?? LIVE_HEARTBEAT_MS;
  const open = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const close of [...open]) close();
    feed.stop();
  });

  app.get(LIVE_PATH, async (request, reply) => {
    // The global onRequest hook found the session; this route is not a contract route, so it checks here.
    if (!request.operator) throw unauthorized();
    const since = request.headers['last-event-id'];
    const version = await feed.current();
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // A reverse proxy (nginx) must not buffer the stream.
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    // A client that comes back hears what changed while it was away; a new one starts from now.
    const missed = typeof since === 'string' && since !== '' ? changedTopics(since, version) : [];
    raw.write(`retry: 2000\n`);
    writeEvent(raw, version, missed);

    let sent = version;
    const unsubscribe = feed.subscribe((next) => {
      const topics = changedTopics(sent, next);
      sent = next;
      if (topics.length > 0) writeEvent(raw, next, topics);
    });
    const token = request.cookies[SESSION_COOKIE];
    const heartbeat = setInterval(() => {
      void findSession(services.db, token)
        .then((operator) => {
          if (operator) raw.write(': heartbeat\n\n');
          else close();
        })
        .catch(() => raw.write(': heartbeat\n\n'));
    }, heartbeatMs);
    heartbeat.unref();
    const close = () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(close);
      if (!raw.writableEnded) raw.end();
    };
    open.add(close);
    // The response's close: the client went away (or the stream was ended here).
    raw.on('close', close);
  });
}
