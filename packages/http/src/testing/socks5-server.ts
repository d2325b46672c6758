import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

export interface SocksConnection {
  /** The destination the client asked for, host:port. */
  destination: string;
  /** The RFC 1929 login, when the client sent one. */
  username: string | null;
  password: string | null;
}

export interface Socks5Server {
  port: number;
  connections: SocksConnection[];
  close(): Promise<void>;
}

/**
 * A tiny SOCKS5 server (RFC 1928) for tests: CONNECT only, no auth or username/password (RFC 1929). With
 * `credentials` set, it demands them.
 */
export async function startSocks5Server(credentials?: {
  username: string;
  password: string;
}): Promise<Socks5Server> {
  const connections: SocksConnection[] = [];
  const sockets = new Set<Socket>();

  const server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    let buffer = Buffer.alloc(0);
    let stage: 'greeting' | 'auth' | 'request' = 'greeting';
    let login: { username: string | null; password: string | null } = { username: null, password: null };

    const onData = (chunk: Buffer): void => {
      buffer = Buffer.concat([buffer, chunk]);
      if (stage === 'greeting') {
        // VER NMETHODS METHODS...
        if (buffer.length < 2 || buffer.length < 2 + buffer[1]!) return;
        const methods = [...buffer.subarray(2, 2 + buffer[1]!)];
        buffer = buffer.subarray(2 + buffer[1]!);
        const method = credentials ? 0x02 : 0x00;
        if (!methods.includes(method)) {
          client.end(Buffer.from([0x05, 0xff]));
          return;
        }
        client.write(Buffer.from([0x05, method]));
        stage = credentials ? 'auth' : 'request';
      }
      if (stage === 'auth') {
        // VER ULEN UNAME PLEN PASSWD
        if (buffer.length < 2) return;
        const ulen = buffer[1]!;
        if (buffer.length < 3 + ulen) return;
        const plen = buffer[2 + ulen]!;
        if (buffer.length < 3 + ulen + plen) return;
        login = {
          username: buffer.subarray(2, 2 + ulen).toString('utf8'),
          password: buffer.subarray(3 + ulen, 3 + ulen + plen).toString('utf8'),
        };
        buffer = buffer.subarray(3 + ulen + plen);
        const ok = login.username === credentials?.username && login.password === credentials?.password;
        client.write(Buffer.from([0x01, ok ? 0x00 : 0x01]));
        if (!ok) {
          client.end();
          return;
        }
        stage = 'request';
      }
      if (stage === 'request') {
        // VER CMD RSV ATYP DST.ADDR DST.PORT
        if (buffer.length < 5) return;
        const atyp = buffer[3]!;
        const addrLength = atyp === 0x01 ? 4 : atyp === 0x04 ? 16 : 1 + buffer[4]!;
        if (buffer.length < 4 + addrLength + 2) return;
        const addr = buffer.subarray(4, 4 + addrLength);
        const host =
          atyp === 0x01
            ? [...addr].join('.')
            : atyp === 0x03
              ? addr.subarray(1).toString('utf8')
              : (addr.toString('hex').match(/.{4}/g) ?? []).join(':');
        const port = buffer.readUInt16BE(4 + addrLength);
        const rest = buffer.subarray(4 + addrLength + 2);
        client.off('data', onData);
        if (buffer[1] !== 0x01) {
          client.end(Buffer.from([0x05, 0x07, 0x00, 0x01, 0, 0, 0, 0, 0, 0])); // command not supported
          return;
        }
        connections.push({ destination: `${host}:${port}`, ...login });
        const upstream = connect(port, host, () => {
          client.write(Buffer.from([0x05, 0x00, 0x00, 0x01, 0, 0, 0, 0, 0, 0]));
          if (rest.length > 0) upstream.write(rest);
          upstream.pipe(client);
          client.pipe(upstream);
        });
        sockets.add(upstream);
        upstream.on('close', () => sockets.delete(upstream));
        upstream.on('error', () => client.destroy());
      }
    };
    client.on('data', onData);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
