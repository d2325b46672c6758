import { ImapFlow } from 'imapflow';
import { simpleParser } from 'mailparser';

import type { ImapServer } from './imap-servers.ts';
import type { ReadMail } from './steam-confirmation-link.ts';

/** How many of the newest messages are read: Steam's mail is recent, and a mailbox may be large. */
export const NEWEST_MESSAGES = 20;

/** The mailbox refused the address and password: an operator has to fix the stored email password. */
export class MailboxLoginError extends Error {
  constructor(email: string, server: ImapServer) {
    super(
      `The mailbox ${email} at ${server.host}:${server.port} refused the login: check the email password`,
    );
    this.name = 'MailboxLoginError';
  }
}

export interface MailboxAccess {
  server: ImapServer;
  email: string;
  /** Decrypted; never logged (imapflow's own logger is off). */
  password: string;
  signal?: AbortSignal;
  /** Milliseconds for the connection, the greeting and each answer. */
  timeoutMs?: number;
}

/**
 * Reads the newest NEWEST_MESSAGES of INBOX, read-only (nothing is marked seen), over IMAP with imapflow,
 * each parsed with mailparser (MIME, transfer encodings, charsets). The connection is closed at the end,
 * on an error, and when `signal` is aborted.
 */
export async function readNewestMails(access: MailboxAccess): Promise<ReadMail[]> {
  const { server, email, password, signal } = access;
  signal?.throwIfAborted();
  const timeout = access.timeoutMs ?? 30_000;
  const client = new ImapFlow({
    host: server.host,
    port: server.port,
    secure: server.secure,
    auth: { user: email, pass: password },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  // An error event after a failed command would otherwise be unhandled: the awaited calls report it.
  client.on('error', () => undefined);
  const onAbort = () => client.close();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    try {
      await client.connect();
    } catch (error) {
      if ((error as { authenticationFailed?: boolean }).authenticationFailed) {
        throw new MailboxLoginError(email, server);
      }
      throw new Error(
        `The mailbox ${email} at ${server.host}:${server.port} cannot be reached: ${messageOf(error)}`,
      );
    }
    const mailbox = await client.mailboxOpen('INBOX', { readOnly: true });
    const sources: Buffer[] = [];
    if (mailbox.exists > 0) {
      const first = Math.max(1, mailbox.exists - NEWEST_MESSAGES + 1);
      for await (const message of client.fetch(`${first}:*`, { uid: true, source: true })) {
        if (message.source) sources.push(message.source);
      }
    }
    await client.logout();
    const mails: ReadMail[] = [];
    for (const source of sources) {
      const parsed = await simpleParser(source);
      mails.push({
        from: (parsed.from?.value ?? []).map((address) => address.address ?? '').filter(Boolean),
        date: parsed.date ?? null,
        subject: parsed.subject ?? '',
        html: typeof parsed.html === 'string' ? parsed.html : null,
        text: parsed.text ?? null,
      });
    }
    return mails;
  } catch (error) {
    signal?.throwIfAborted();
    throw error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    client.close();
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
