import { connect, createServer, type Socket } from 'node:net';

import { destinationAllowed, listenTracked, sameLogin, trackSocket } from './proxy-common.ts';
import type { ProxyOutcome, ProxyServerOptions } from './proxy-common.ts';

export interface SocksConnection {
  /** The destination the client asked for, host:port (an IPv6 host written in full, without brackets). */
  destination: string;
  /** The RFC 1929 login, when the client sent one. */
  username: string | null;
  password: string | null;
  outcome: ProxyOutcome;
}

export interface Socks5Proxy {
  host: string;
  port: number;
  /** Every CONNECT request the proxy received (after the login), in order. */
  connections: SocksConnection[];
  close(): Promise<void>;
}

/** RFC 1928 section 6 reply codes. */
const REPLY = {
  succeeded: 0x00,
  generalFailure: 0x01,
  notAllowed: 0x02,
  connectionRefused: 0x05,
  commandNotSupported: 0x07,
  addressTypeNotSupported: 0x08,
} as const;

const METHOD = { none: 0x00, usernamePassword: 0x02, noAcceptable: 0xff } as const;

/** A reply with an all-zero IPv4 BND.ADDR/BND.PORT: clients of a CONNECT do not use them. */
const reply = (code: number) => Buffer.from([0x05, code, 0x00, 0x01, 0, 0, 0, 0, 0, 0]);

/** The destination of a request, or what is wrong with it; `size` is the request's length in bytes. */
type ParsedRequest =
  | { kind: 'incomplete' }
  | { kind: 'bad'; code: number }
  | { kind: 'connect'; host: string; port: number; size: number };

function parseRequest(buffer: Buffer): ParsedRequest {
  // VER CMD RSV ATYP DST.ADDR DST.PORT
  if (buffer.length < 5) return { kind: 'incomplete' };
  if (buffer[0] !== 0x05) return { kind: 'bad', code: REPLY.generalFailure };
  const atyp = buffer[3]!;
  const addrLength = atyp === 0x01 ? 4 : atyp === 0x04 ? 16 : atyp === 0x03 ? 1 + buffer[4]! : -1;
  if (addrLength < 0) return { kind: 'bad', code: REPLY.addressTypeNotSupported };
  const size = 4 + addrLength + 2;
  if (buffer.length < size) return { kind: 'incomplete' };
  if (buffer[1] !== 0x01) return { kind: 'bad', code: REPLY.commandNotSupported };
  const addr = buffer.subarray(4, 4 + addrLength);
  const host =
    atyp === 0x01
      ? [...addr].join('.')
      : atyp === 0x03
        ? addr.subarray(1).toString('utf8')
        : (addr.toString('hex').match(/.{4}/g) ?? []).join(':');
  return { kind: 'connect', host, port: buffer.readUInt16BE(4 + addrLength), size };
}

/**
 * A SOCKS5 proxy (RFC 1928) on loopback: CONNECT only; no authentication, or with `credentials`
 * username/password (RFC 1929) and nothing else. Only loopback destinations are served (reply 0x02
 * "connection not allowed by ruleset" otherwise), so nothing can leave the machine through it. `down`
 * answers every request with 0x01 "general SOCKS server failure".
 */
export async function startSocks5Proxy(options: ProxyServerOptions = {}): Promise<Socks5Proxy> {
  const connections: SocksConnection[] = [];
  const sockets = new Set<Socket>();
  const credentials = options.credentials ?? null;

  const server = createServer((client) => {
    client.on('error', () => client.destroy());
    let buffer = Buffer.alloc(0);
    let stage: 'greeting' | 'auth' | 'request' | 'done' = 'greeting';
    let login: { username: string | null; password: string | null } = { username: null, password: null };

    const greeting = (): boolean => {
      // VER NMETHODS METHODS...
      if (buffer.length < 2 || buffer.length < 2 + buffer[1]!) return false;
      const methods = [...buffer.subarray(2, 2 + buffer[1]!)];
      buffer = buffer.subarray(2 + buffer[1]!);
      const wanted = credentials ? METHOD.usernamePassword : METHOD.none;
      if (!methods.includes(wanted)) {
        client.end(Buffer.from([0x05, METHOD.noAcceptable]));
        stage = 'done';
        return false;
      }
      client.write(Buffer.from([0x05, wanted]));
      stage = credentials ? 'auth' : 'request';
      return true;
    };

    const authenticate = (): boolean => {
      // VER ULEN UNAME PLEN PASSWD
      if (buffer.length < 2) return false;
      const ulen = buffer[1]!;
      if (buffer.length < 3 + ulen) return false;
      const plen = buffer[2 + ulen]!;
      if (buffer.length < 3 + ulen + plen) return false;
      login = {
        username: buffer.subarray(2, 2 + ulen).toString('utf8'),
        password: buffer.subarray(3 + ulen, 3 + ulen + plen).toString('utf8'),
      };
      buffer = buffer.subarray(3 + ulen + plen);
      const ok = credentials !== null && sameLogin(credentials, login.username, login.password);
      if (!ok) {
        client.end(Buffer.from([0x01, 0x01]));
        stage = 'done';
        return false;
      }
      client.write(Buffer.from([0x01, 0x00]));
      stage = 'request';
      return true;
    };

    const request = (): void => {
      const parsed = parseRequest(buffer);
      if (parsed.kind === 'incomplete') return;
      stage = 'done';
      client.off('data', onData);
      if (parsed.kind === 'bad') {
        client.end(reply(parsed.code));
        return;
      }
      const entry: SocksConnection = {
        destination: `${parsed.host}:${parsed.port}`,
        ...login,
        outcome: 'forwarded',
      };
      connections.push(entry);
      if (options.down || !destinationAllowed(parsed.host)) {
        entry.outcome = options.down ? 'down' : 'refused';
        client.end(reply(options.down ? REPLY.generalFailure : REPLY.notAllowed));
        return;
      }
      const rest = buffer.subarray(parsed.size);
      const upstream = connect({ host: parsed.host, port: parsed.port });
      trackSocket(sockets, upstream);
      let connected = false;
      upstream.once('connect', () => {
        connected = true;
        client.write(reply(REPLY.succeeded));
        if (rest.length > 0) upstream.write(rest);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (connected) {
          client.destroy();
          return;
        }
        entry.outcome = 'unreachable';
        client.end(reply(error.code === 'ECONNREFUSED' ? REPLY.connectionRefused : REPLY.generalFailure));
      });
      client.on('close', () => upstream.destroy());
    };

    const onData = (chunk: Buffer): void => {
      buffer = Buffer.concat([buffer, chunk]);
      if (stage === 'greeting' && !greeting()) return;
      if (stage === 'auth' && !authenticate()) return;
      if (stage === 'request') request();
    };
    client.on('data', onData);
  });

  const listening = await listenTracked(server, sockets, options);
  return { host: listening.host, port: listening.port, connections, close: listening.close };
}
