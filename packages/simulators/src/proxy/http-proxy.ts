import { Agent, createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';

import { destinationAllowed, listenTracked, sameLogin, trackSocket } from './proxy-common.ts';
import type { ProxyOutcome, ProxyServerOptions } from './proxy-common.ts';

export interface ProxiedRequest {
  /** 'CONNECT' for a tunnel, else the method of an absolute-URI request. */
  method: string;
  /** The absolute URI, or host:port for CONNECT. */
  target: string;
  proxyAuthorization: string | undefined;
  /** Set when the proxy answered; 'forwarded' until the destination fails (then 'unreachable'). */
  outcome: ProxyOutcome;
}

export interface HttpProxy {
  host: string;
  port: number;
  /** Every request the proxy received, in order. */
  seen: ProxiedRequest[];
  close(): Promise<void>;
}

const REALM = 'Basic realm="toydesk proxy simulator"';

/** The login of a `Proxy-Authorization: Basic …` header, or null when there is none or it is malformed. */
function basicLogin(header: string | undefined): { username: string; password: string } | null {
  const match = header ? /^basic\s+([A-Za-z0-9+/=]+)$/i.exec(header.trim()) : null;
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** host:port of a CONNECT request (an IPv6 host in brackets), or null. */
function authorityOf(target: string): { host: string; port: number } | null {
  const match = /^(\[[0-9A-Fa-f:.]+\]|[^:[\]\s]+):(\d{1,5})$/.exec(target);
  if (!match) return null;
  const port = Number(match[2]);
  if (port < 1 || port > 65_535) return null;
  const host = match[1]!.startsWith('[') ? match[1]!.slice(1, -1) : match[1]!;
  return { host, port };
}

/** A raw HTTP/1.1 answer on a CONNECT socket, which Node's response object no longer covers. */
const rawAnswer = (status: string, extra = '') => `HTTP/1.1 ${status}\r\n${extra}Content-Length: 0\r\n\r\n`;

/**
 * A forward HTTP proxy on loopback: absolute-URI requests (`GET http://host/path`) are forwarded, CONNECT
 * opens a TCP tunnel (how clients reach https targets). With `credentials`, anything without that Basic
 * `Proxy-Authorization` gets a 407. Only loopback destinations are served (403 otherwise), so nothing can
 * leave the machine through it. `down` answers 502 to everything, as a proxy cut off from the world does.
 */
export async function startHttpProxy(options: ProxyServerOptions = {}): Promise<HttpProxy> {
  const seen: ProxiedRequest[] = [];
  const sockets = new Set<Socket>();
  const credentials = options.credentials ?? null;
  // No keep-alive upstream: every forwarded request ends its connection, so close() leaves nothing open.
  const upstreamAgent = new Agent({ keepAlive: false });

  /** The outcome of the checks every request passes first, or null when it may go on. */
  const refusal = (req: IncomingMessage, host: string | null): ProxyOutcome | null => {
    if (options.down) return 'down';
    if (credentials) {
      const login = basicLogin(req.headers['proxy-authorization']);
      if (!login || !sameLogin(credentials, login.username, login.password)) return 'unauthorized';
    }
    if (host === null) return 'bad-request';
    return destinationAllowed(host) ? null : 'refused';
  };

  const server = createServer((req, res) => {
    const entry: ProxiedRequest = {
      method: req.method ?? '',
      target: req.url ?? '',
      proxyAuthorization: req.headers['proxy-authorization'],
      outcome: 'forwarded',
    };
    seen.push(entry);
    let target: URL | null = null;
    try {
      // An origin-form URL ("/path") throws here: that is a request to a web server, not to a proxy.
      target = new URL(req.url ?? '');
    } catch {
      target = null;
    }
    const usable = target !== null && target.protocol === 'http:' && target.hostname !== '';
    entry.outcome = refusal(req, usable ? target!.hostname : null) ?? 'forwarded';
    switch (entry.outcome) {
      case 'down':
        res.writeHead(502, { 'content-type': 'text/plain' }).end('proxy simulator: this proxy is down\n');
        return;
      case 'unauthorized':
        res.writeHead(407, { 'proxy-authenticate': REALM }).end();
        return;
      case 'bad-request':
        res.writeHead(400, { 'content-type': 'text/plain' }).end('an absolute http:// URI is required\n');
        return;
      case 'refused':
        res
          .writeHead(403, { 'content-type': 'text/plain' })
          .end('proxy simulator: only loopback destinations are served\n');
        return;
      default:
        break;
    }
    const url = target!;
    const headers = { ...req.headers };
    delete headers['proxy-authorization'];
    delete headers['proxy-connection'];
    const upstream = httpRequest(
      {
        agent: upstreamAgent,
        host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: url.port || 80,
        path: url.pathname + url.search,
        method: req.method,
        headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('socket', (socket) => trackSocket(sockets, socket));
    upstream.on('error', () => {
      entry.outcome = 'unreachable';
      if (res.headersSent) res.destroy();
      else res.writeHead(502).end();
    });
    req.pipe(upstream);
  });

  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    const entry: ProxiedRequest = {
      method: 'CONNECT',
      target: req.url ?? '',
      proxyAuthorization: req.headers['proxy-authorization'],
      outcome: 'forwarded',
    };
    seen.push(entry);
    client.on('error', () => client.destroy());
    const authority = authorityOf(req.url ?? '');
    entry.outcome = refusal(req, authority?.host ?? null) ?? 'forwarded';
    switch (entry.outcome) {
      case 'down':
        client.end(rawAnswer('502 Bad Gateway'));
        return;
      case 'unauthorized':
        client.end(rawAnswer('407 Proxy Authentication Required', `Proxy-Authenticate: ${REALM}\r\n`));
        return;
      case 'bad-request':
        client.end(rawAnswer('400 Bad Request'));
        return;
      case 'refused':
        client.end(rawAnswer('403 Forbidden'));
        return;
      default:
        break;
    }
    const upstream = connect({ host: authority!.host, port: authority!.port });
    trackSocket(sockets, upstream);
    let connected = false;
    upstream.once('connect', () => {
      connected = true;
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => {
      if (connected) {
        client.destroy();
        return;
      }
      entry.outcome = 'unreachable';
      client.end(rawAnswer('502 Bad Gateway'));
    });
    client.on('close', () => upstream.destroy());
  });

  const listening = await listenTracked(server, sockets, options);
  return {
    host: listening.host,
    port: listening.port,
    seen,
    close: async () => {
      await listening.close();
      upstreamAgent.destroy();
    },
  };
}
