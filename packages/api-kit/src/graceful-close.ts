import type { FastifyInstance } from 'fastify';

/** How long a close waits for requests in flight before it cuts the connections still open. */
export const CLOSE_DEADLINE_MS = 8_000;
const SWEEP_EVERY_MS = 100;

/**
 * Makes `app.close()` end within a bound with keep-alive clients. Fastify closes the sockets that are idle
 * when the close begins; one busy then stayed open after its answer until the client hung up (73 s with
 * the default keep-alive timeout), while orchestrators kill at 10–30 s. While closing, every answer says
 * `Connection: close`, sockets that fall idle are closed every 100 ms, and at the deadline the rest are cut.
 */
export function registerGracefulClose(app: FastifyInstance, options: { deadlineMs?: number } = {}): void {
  let closing = false;
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('preClose', async () => {
    closing = true;
    const server = app.server;
    if (!server.listening) return;
    const sweep = setInterval(() => server.closeIdleConnections(), SWEEP_EVERY_MS);
    const deadline = setTimeout(() => server.closeAllConnections(), options.deadlineMs ?? CLOSE_DEADLINE_MS);
    sweep.unref();
    deadline.unref();
    server.once('close', () => {
      clearInterval(sweep);
      clearTimeout(deadline);
    });
  });
}
