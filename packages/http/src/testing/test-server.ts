import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path and query as received (absolute when the server acts as a proxy). */
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** performance.now() when the request arrived. */
  at: number;
}

export type TestHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  context: { index: number; body: string },
) => unknown;

export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * A throw-away HTTP server on 127.0.0.1 and a free port (as stripe-node's tests do): it records every
 * request and lets the handler answer by its index, so a test can fail the first N calls.
 */
export async function startTestServer(handler: TestHandler): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const index = requests.length;
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body,
        at: performance.now(),
      });
      Promise.resolve(handler(req, res, { index, body })).catch((error: unknown) => {
        res.statusCode = 599;
        res.end(String(error));
      });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 where nothing listens (a server was there a moment ago). */
export async function closedPort(): Promise<number> {
  const server = await startTestServer(() => undefined);
  await server.close();
  return server.port;
}
