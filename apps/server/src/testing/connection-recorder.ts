import { Socket } from 'node:net';

export interface RecordedConnection {
  /** As the caller named it (a name is recorded before any lookup). */
  host: string;
  port: number;
}

export interface ConnectionRecorder {
  /** Every outgoing TCP connection opened in this process since the recorder started, in order. */
  connections: RecordedConnection[];
  stop(): void;
}

/**
 * Records every outgoing TCP connection of this process: undici (the HttpClient, fetch), tls, pg, the
 * simulators' own clients all end in `net.Socket#connect`, so wrapping it sees them all, whatever the
 * machine's tools (no `ss`, no privileges). Connections to a Unix socket are not recorded. Tests only.
 */
export function recordConnections(): ConnectionRecorder {
  const original = Socket.prototype.connect;
  const connections: RecordedConnection[] = [];
  const record = (args: unknown[]) => {
    // net.connect hands its normalised [options, callback] array in as the first argument.
    const first: unknown = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
    if (typeof first === 'object' && first !== null) {
      const options = first as { host?: string; port?: number | string; path?: string };
      if (options.path !== undefined) return;
      connections.push({ host: options.host ?? 'localhost', port: Number(options.port) });
    } else if (typeof first === 'number' || typeof first === 'string') {
      if (typeof first === 'string' && !/^\d+$/.test(first)) return; // a Unix socket path
      connections.push({ host: typeof args[1] === 'string' ? args[1] : 'localhost', port: Number(first) });
    }
  };
  // Socket#connect is overloaded; the wrapper passes whatever it was given through unchanged.
  Socket.prototype.connect = function connect(this: Socket, ...args: unknown[]): Socket {
    record(args);
    return (original as (...a: unknown[]) => Socket).apply(this, args);
  } as typeof original;
  return {
    connections,
    stop: () => {
      Socket.prototype.connect = original;
    },
  };
}
