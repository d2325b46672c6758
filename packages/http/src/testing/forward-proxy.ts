import { createServer, request as httpRequest } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface ProxiedRequest {
  /** 'CONNECT' for a tunnel, else the method of an absolute-URI request. */
  method: string;
  /** The absolute URI, or host:port for CONNECT. */
  target: string;
  proxyAuthorization: string | undefined;
}

export interface ForwardProxy {
  port: number;
  seen: ProxiedRequest[];
  close(): Promise<void>;
}

/**
 * A tiny HTTP forward proxy: absolute-URI requests (`GET http://host/path`) are forwarded, CONNECT opens a
 * TCP tunnel. When `credentials` is set, anything without the matching Proxy-Authorization gets a 407.
 */
export async function startForwardProxy(credentials?: {
  username: string;
  password: string;
}): Promise<ForwardProxy> {
  const seen: ProxiedRequest[] = [];
  const sockets = new Set<Socket>();
  const expected =
    credentials &&
    `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
  const server = createServer((req, res) => {
    const auth = req.headers['proxy-authorization'];
    seen.push({ method: req.method ?? '', target: req.url ?? '', proxyAuthorization: auth });
    if (expected !== undefined && auth !== expected) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="test"' }).end();
      return;
    }
    const target = new URL(req.url ?? '');
    const headers = { ...req.headers };
    delete headers['proxy-authorization'];
    delete headers['proxy-connection'];
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: req.method,
        headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on('connect', (req, client: Socket, head: Buffer) => {
    const auth = req.headers['proxy-authorization'];
    seen.push({ method: 'CONNECT', target: req.url ?? '', proxyAuthorization: auth });
    if (expected !== undefined && auth !== expected) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\n\r\n');
      return;
    }
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host ?? '', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
