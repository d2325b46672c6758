/** Where one mail domain's IMAP server is: `imaps` is TLS from the start (port 993), `imap` plain. */
export interface ImapServer {
  host: string;
  port: number;
  secure: boolean;
}

/**
 * The IMAP servers of the mail domains Steam accounts are usually registered on. A domain missing here
 * and in TOYDESK_IMAP_SERVERS gets `imap.<domain>:993` over TLS, the common convention.
 */
export const WELL_KNOWN_IMAP_SERVERS: Readonly<Record<string, ImapServer>> = Object.freeze({
  'gmail.com': { host: 'imap.gmail.com', port: 993, secure: true },
  'googlemail.com': { host: 'imap.gmail.com', port: 993, secure: true },
  'outlook.com': { host: 'outlook.office365.com', port: 993, secure: true },
  'hotmail.com': { host: 'outlook.office365.com', port: 993, secure: true },
  'live.com': { host: 'outlook.office365.com', port: 993, secure: true },
  'yahoo.com': { host: 'imap.mail.yahoo.com', port: 993, secure: true },
  'icloud.com': { host: 'imap.mail.me.com', port: 993, secure: true },
  'mail.ru': { host: 'imap.mail.ru', port: 993, secure: true },
  'inbox.ru': { host: 'imap.mail.ru', port: 993, secure: true },
  'list.ru': { host: 'imap.mail.ru', port: 993, secure: true },
  'bk.ru': { host: 'imap.mail.ru', port: 993, secure: true },
  'yandex.ru': { host: 'imap.yandex.ru', port: 993, secure: true },
  'yandex.com': { host: 'imap.yandex.com', port: 993, secure: true },
  'ya.ru': { host: 'imap.yandex.ru', port: 993, secure: true },
  'rambler.ru': { host: 'imap.rambler.ru', port: 993, secure: true },
  'gmx.com': { host: 'imap.gmx.com', port: 993, secure: true },
  'gmx.net': { host: 'imap.gmx.net', port: 993, secure: true },
});

const LOOPBACK = new Set(['127.0.0.1', '::1', '[::1]', 'localhost']);

/**
 * TOYDESK_IMAP_SERVERS: `domain=imaps://host:port` entries separated by commas, e.g.
 * `mail.example=imaps://imap.mail.example:993,sim.test=imap://127.0.0.1:1143`. They override the
 * well-known table. Plain `imap://` is refused except on loopback: the mailbox password would cross the
 * network in clear text.
 */
export function parseImapServers(text: string | undefined): Map<string, ImapServer> {
  const servers = new Map<string, ImapServer>();
  for (const entry of (text ?? '').split(',').map((part) => part.trim())) {
    if (entry === '') continue;
    const eq = entry.indexOf('=');
    const domain = eq > 0 ? entry.slice(0, eq).trim().toLowerCase() : '';
    const address = eq > 0 ? entry.slice(eq + 1).trim() : '';
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      throw new Error(`TOYDESK_IMAP_SERVERS: "${entry}" is not domain=imaps://host:port`);
    }
    if (!domain || (url.protocol !== 'imaps:' && url.protocol !== 'imap:') || !url.hostname) {
      throw new Error(`TOYDESK_IMAP_SERVERS: "${entry}" is not domain=imaps://host:port`);
    }
    const secure = url.protocol === 'imaps:';
    if (!secure && !LOOPBACK.has(url.hostname)) {
      throw new Error(`TOYDESK_IMAP_SERVERS: ${domain} uses plain imap:// off loopback; use imaps://`);
    }
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    servers.set(domain, { host, port: url.port ? Number(url.port) : secure ? 993 : 143, secure });
  }
  return servers;
}

/** The domain of an email address, lower case; null when it is not an address. */
export function mailDomain(email: string): string | null {
  const at = email.lastIndexOf('@');
  const domain =
    at > 0
      ? email
          .slice(at + 1)
          .trim()
          .toLowerCase()
      : '';
  return /^[a-z0-9.-]+\.[a-z0-9-]+$/.test(domain) ? domain : null;
}

/** The IMAP server of an address: configured, well-known, or imap.<domain>:993 over TLS. */
export function imapServerFor(email: string, configured: ReadonlyMap<string, ImapServer>): ImapServer {
  const domain = mailDomain(email);
  if (domain === null) throw new Error(`"${email}" is not an email address`);
  return (
    configured.get(domain) ??
    WELL_KNOWN_IMAP_SERVERS[domain] ?? { host: `imap.${domain}`, port: 993, secure: true }
  );
}
