import { createServer, type Server, type Socket } from 'node:net';

/**
 * A small IMAP4rev1 server on loopback for tests (never started by a production entry point): LOGIN,
 * SELECT/EXAMINE of INBOX, FETCH (and UID FETCH) of whole messages (BODY[] / BODY.PEEK[] / RFC822) with
 * their UIDs, and the few commands a client sends around them (CAPABILITY, NAMESPACE, ID, LIST, NOOP,
 * LOGOUT). That is what `imap-mailbox.ts` asks a real server for. Each user's messages come from a function,
 * read at SELECT, so a mailbox can mirror the simulated Steam's mail as it is at that moment.
 */
export interface ImapTestUser {
  password: string;
  /** The mailbox's messages, oldest first, as RFC 5322 text (CRLF line ends). */
  messages(): Promise<string[]> | string[];
}

export interface ImapTestServer {
  port: number;
  /** Successful and refused LOGINs per user, and FETCH commands: what the test can check it was asked. */
  readonly logins: { user: string; ok: boolean }[];
  readonly fetches: number;
  close(): Promise<void>;
}

/** A quoted string, an atom or a literal placeholder of one command line. */
function tokens(line: string): string[] {
  const out: string[] = [];
  const re = /"((?:[^"\\]|\\.)*)"|(\S+)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(line)) !== null) {
    out.push(m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2]!);
  }
  return out;
}

/** "1:*", "3", "2:5,7" against 1..count. */
function inSet(set: string, count: number): number[] {
  const result = new Set<number>();
  for (const part of set.split(',')) {
    const [a, b] = part.split(':');
    const from = a === '*' ? count : Number(a);
    const to = b === undefined ? from : b === '*' ? count : Number(b);
    for (let n = Math.min(from, to); n <= Math.max(from, to); n += 1) if (n >= 1 && n <= count) result.add(n);
  }
  return [...result].sort((x, y) => x - y);
}

export async function startImapTestServer(users: Record<string, ImapTestUser>): Promise<ImapTestServer> {
  const logins: { user: string; ok: boolean }[] = [];
  const sockets = new Set<Socket>();
  const state = { fetches: 0 };

  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let user: string | null = null;
    let messages: string[] | null = null;
    let buffer = Buffer.alloc(0);
    /** A command waiting for its literal: the text so far and the bytes still to read. */
    let pending: { text: string; need: number } | null = null;
    let queue = Promise.resolve();
    const send = (text: string) => socket.write(text);

    const handle = async (raw: string) => {
      const [tag = '*', command = '', ...args] = tokens(raw);
      let verb = command.toUpperCase();
      let uidMode = false;
      if (verb === 'UID') {
        uidMode = true;
        verb = (args.shift() ?? '').toUpperCase();
      }
      switch (verb) {
        case 'CAPABILITY':
          send('* CAPABILITY IMAP4rev1 NAMESPACE ID\r\n');
          return send(`${tag} OK CAPABILITY completed\r\n`);
        case 'ID':
          send('* ID ("name" "toydesk-imap-test")\r\n');
          return send(`${tag} OK ID completed\r\n`);
        case 'NOOP':
          return send(`${tag} OK NOOP completed\r\n`);
        case 'LOGOUT':
          send('* BYE logging out\r\n');
          send(`${tag} OK LOGOUT completed\r\n`);
          return void socket.end();
        case 'LOGIN': {
          const [name = '', password = ''] = args;
          const known = users[name];
          const ok = known !== undefined && known.password === password;
          logins.push({ user: name, ok });
          if (!ok) return send(`${tag} NO [AUTHENTICATIONFAILED] Invalid credentials\r\n`);
          user = name;
          return send(`${tag} OK [CAPABILITY IMAP4rev1 NAMESPACE ID] LOGIN completed\r\n`);
        }
      }
      if (user === null) return send(`${tag} NO log in first\r\n`);
      switch (verb) {
        case 'NAMESPACE':
          send('* NAMESPACE (("" "/")) NIL NIL\r\n');
          return send(`${tag} OK NAMESPACE completed\r\n`);
        case 'LIST':
          send('* LIST () "/" INBOX\r\n');
          return send(`${tag} OK LIST completed\r\n`);
        case 'SELECT':
        case 'EXAMINE': {
          if ((args[0] ?? '').toUpperCase() !== 'INBOX') return send(`${tag} NO no such mailbox\r\n`);
          messages = [...(await users[user]!.messages())];
          send('* FLAGS (\\Seen)\r\n');
          send(`* ${messages.length} EXISTS\r\n`);
          send('* 0 RECENT\r\n');
          send('* OK [UIDVALIDITY 1] UIDs valid\r\n');
          send(`* OK [UIDNEXT ${messages.length + 1}] next UID\r\n`);
          return send(`${tag} OK [${verb === 'EXAMINE' ? 'READ-ONLY' : 'READ-WRITE'}] ${verb} completed\r\n`);
        }
        case 'FETCH': {
          if (messages === null) return send(`${tag} NO select a mailbox first\r\n`);
          state.fetches += 1;
          // UIDs are the sequence numbers: nothing is ever deleted from these mailboxes.
          for (const seq of inSet(args[0] ?? '', messages.length)) {
            const body = Buffer.from(messages[seq - 1]!, 'utf8');
            socket.write(`* ${seq} FETCH (UID ${seq} BODY[] {${body.length}}\r\n`);
            socket.write(body);
            socket.write(')\r\n');
          }
          return send(`${tag} OK ${uidMode ? 'UID ' : ''}FETCH completed\r\n`);
        }
        case 'CLOSE':
          messages = null;
          return send(`${tag} OK CLOSE completed\r\n`);
        default:
          return send(`${tag} BAD unknown command ${verb}\r\n`);
      }
    };

    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (pending) {
          if (buffer.length < pending.need) return;
          pending.text += `"${buffer
            .subarray(0, pending.need)
            .toString('utf8')
            .replace(/(["\\])/g, '\\$1')}"`;
          buffer = buffer.subarray(pending.need);
          pending.need = 0;
        }
        const end = buffer.indexOf('\r\n');
        if (end < 0) return;
        const line = buffer.subarray(0, end).toString('utf8');
        buffer = buffer.subarray(end + 2);
        const literal = /\{(\d+)(\+?)\}$/.exec(line);
        const text = (pending?.text ?? '') + (literal ? line.slice(0, literal.index) : line);
        if (literal) {
          pending = { text, need: Number(literal[1]) };
          if (literal[2] !== '+') send('+ go ahead\r\n');
          continue;
        }
        pending = null;
        queue = queue
          .then(async () => {
            await handle(text);
          })
          .catch(() => void socket.destroy());
      }
    });
    send('* OK toydesk IMAP test server ready\r\n');
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('IMAP test server: no port');
  return {
    port: address.port,
    logins,
    get fetches() {
      return state.fetches;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
