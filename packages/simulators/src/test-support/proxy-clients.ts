import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

import { afterEach, beforeEach } from 'vitest';

/**
 * Raw proxy clients for the proxy simulator's tests: written against the sockets, not through
 * @toydesk/http (which imports this package in its own tests), so they show the bytes on the wire.
 */

export interface TargetServer {
  port: number;
  origin: string;
  /** Every request that reached the target: path and headers. */
  requests: { url: string; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

/** A loopback web server that answers every request with its own path as JSON. */
export async function startTarget(): Promise<TargetServer> {
  const requests: TargetServer['requests'] = [];
  const server: Server = createServer((req, res) => {
    requests.push({ url: req.url ?? '', headers: req.headers });
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ path: req.url }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * What each test of a proxy file works with: a fresh loopback target started before it, and the proxy it
 * starts itself (`bed.proxy = await startHttpProxy(...)`), closed after it with the target.
 */
export function proxyTestBed<P extends { close(): Promise<unknown> }>(): { target: TargetServer; proxy?: P } {
  const bed = {} as { target: TargetServer; proxy?: P };
  beforeEach(async () => {
    bed.target = await startTarget();
  });
  afterEach(async () => {
    await bed.proxy?.close();
    delete bed.proxy;
    await bed.target.close();
  });
  return bed;
}

export const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

/** An absolute-URI request through an HTTP proxy: the answer's status and body. */
export function viaHttpProxy(
  proxyPort: number,
  target: string,
  proxyAuthorization?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: proxyPort,
        method: 'GET',
        path: target,
        agent: false,
        headers: proxyAuthorization ? { 'proxy-authorization': proxyAuthorization } : {},
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** A CONNECT to an HTTP proxy: the status, and the tunnel's socket when it is 200. */
export function connectViaHttpProxy(
  proxyPort: number,
  authority: string,
  proxyAuthorization?: string,
): Promise<{ status: number; socket: Socket | null }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: '127.0.0.1',
      port: proxyPort,
      method: 'CONNECT',
      path: authority,
      agent: false,
      headers: proxyAuthorization ? { 'proxy-authorization': proxyAuthorization } : {},
    });
    req.on('connect', (res, socket: Socket) => {
      if (res.statusCode === 200) {
        resolve({ status: 200, socket });
        return;
      }
      socket.destroy();
      resolve({ status: res.statusCode ?? 0, socket: null });
    });
    req.on('error', reject);
    req.end();
  });
}

/** A plain HTTP/1.1 GET written on an open tunnel; resolves with everything the other end sent. */
export function getThroughTunnel(socket: Socket, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: tunnel\r\nConnection: close\r\n\r\n`);
  });
}

/** Reads a socket in exact byte counts (the SOCKS5 handshake is a sequence of fixed-size answers). */
class ByteReader {
  private buffer = Buffer.alloc(0);
  private ended = false;
  private wake: (() => void) | null = null;

  constructor(socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake?.();
    });
    const end = () => {
      this.ended = true;
      this.wake?.();
    };
    socket.on('end', end);
    socket.on('close', end);
    socket.on('error', end);
  }

  /** Exactly n bytes, or null when the socket ended first. */
  async read(n: number): Promise<Buffer | null> {
    while (this.buffer.length < n) {
      if (this.ended) return null;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = null;
    }
    const out = this.buffer.subarray(0, n);
    this.buffer = this.buffer.subarray(n);
    return out;
  }
}

export interface SocksAttempt {
  /** The method the server chose (0xff: none acceptable). */
  method: number | null;
  /** RFC 1929 status (0 = success) when a login was sent. */
  authStatus: number | null;
  /** RFC 1928 REP of the CONNECT reply, or null when the server hung up before it. */
  reply: number | null;
  /** The tunnel, when the reply was 0 (succeeded). */
  socket: Socket | null;
}

/**
 * A SOCKS5 CONNECT (RFC 1928), with an RFC 1929 login when `login` is given. The destination goes as an
 * IPv4 address when it looks like one, else as a domain name.
 */
export async function socksConnect(
  proxyPort: number,
  login: { username: string; password: string } | null,
  destination: { host: string; port: number },
  offeredMethods: number[] = login ? [0x02] : [0x00],
): Promise<SocksAttempt> {
  const socket = connect({ host: '127.0.0.1', port: proxyPort });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const reader = new ByteReader(socket);
  const result: SocksAttempt = { method: null, authStatus: null, reply: null, socket: null };
  const fail = () => {
    socket.destroy();
    return result;
  };
  socket.write(Buffer.from([0x05, offeredMethods.length, ...offeredMethods]));
  const chosen = await reader.read(2);
  if (!chosen) return fail();
  result.method = chosen[1]!;
  if (result.method === 0xff) return fail();
  if (result.method === 0x02) {
    const user = Buffer.from(login?.username ?? '', 'utf8');
    const pass = Buffer.from(login?.password ?? '', 'utf8');
    socket.write(Buffer.concat([Buffer.from([0x01, user.length]), user, Buffer.from([pass.length]), pass]));
    const status = await reader.read(2);
    if (!status) return fail();
    result.authStatus = status[1]!;
    if (result.authStatus !== 0) return fail();
  }
  const ipv4 = /^\d{1,3}(\.\d{1,3}){3}$/.test(destination.host);
  const address = ipv4
    ? Buffer.from([0x01, ...destination.host.split('.').map(Number)])
    : Buffer.concat([
        Buffer.from([0x03, Buffer.byteLength(destination.host)]),
        Buffer.from(destination.host),
      ]);
  const port = Buffer.alloc(2);
  port.writeUInt16BE(destination.port);
  socket.write(Buffer.concat([Buffer.from([0x05, 0x01, 0x00]), address, port]));
  const answer = await reader.read(10);
  if (!answer) return fail();
  result.reply = answer[1]!;
  if (result.reply !== 0) return fail();
  socket.removeAllListeners('data');
  result.socket = socket;
  return result;
}
