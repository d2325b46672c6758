import { loadSteamAccountMailbox, sealedPlace } from '@toydesk/db';

import { PermanentJobError } from '../../../jobs/job-kind.ts';
import type { SteamScope } from '../../steam/steam-scope.ts';
import { MailboxLoginError, NEWEST_MESSAGES, readNewestMails } from './imap-mailbox.ts';
import { imapServerFor, mailDomain } from './imap-servers.ts';
import { latestSteamConfirmationLink } from './steam-confirmation-link.ts';

/**
 * The link of Steam's latest confirmation mail to the account, for follow-to-last-email:
 *
 * - the account's mailbox over IMAP (its `email` and vaulted `email_password`; the IMAP login is the full
 *   address) with the real Steam, and with a simulated Steam when TOYDESK_IMAP_SERVERS names the
 *   address's domain (the tests' loopback IMAP server holds the simulated Steam's mail);
 * - otherwise, with a simulated Steam, its own mailbox (the demo's accounts have made-up addresses).
 *
 * Every failure is a PermanentJobError with the reason, raised before anything is followed or written.
 */
export async function lastConfirmationLink(scope: SteamScope): Promise<string> {
  const { runtime } = scope;
  const row = await loadSteamAccountMailbox(runtime.db, scope.account.id);
  const email = row?.email?.trim() || null;
  const configured = runtime.config.imapServers;
  const domain = email ? mailDomain(email) : null;
  const useImap = email !== null && (scope.inbox === null || (domain !== null && configured.has(domain)));

  if (!useImap) {
    if (!scope.inbox) {
      throw new PermanentJobError(
        `Steam account ${scope.accountName} has no email address: set its email and email password, or ` +
          "open the link of Steam's email by hand, then call email-and-phone/add-phone-resend-code",
      );
    }
    const link = await scope.inbox.lastEmailLink(scope.accountName);
    if (!link) throw new PermanentJobError(`No email with a link for ${scope.accountName} yet`);
    return link;
  }

  if (!row?.email_password) {
    throw new PermanentJobError(`Steam account ${scope.accountName} has no email password for ${email}`);
  }
  let server;
  try {
    server = imapServerFor(email, configured);
  } catch (error) {
    throw new PermanentJobError(error instanceof Error ? error.message : String(error));
  }
  let mails;
  try {
    mails = await readNewestMails({
      server,
      email,
      password: runtime.vault.open(
        row.email_password,
        sealedPlace('steam_account', 'email_password', scope.account.id),
      ),
      signal: scope.ctx.signal,
    });
  } catch (error) {
    // A wrong password is not retried: a mail provider locks a mailbox after a few failed logins.
    if (error instanceof MailboxLoginError) throw new PermanentJobError(error.message);
    throw error;
  }
  await scope.ctx.log(`read the newest ${mails.length} mail(s) of ${email} at ${server.host}:${server.port}`);
  const steamUrl = runtime.config.steamUrl;
  const found = latestSteamConfirmationLink(mails, steamUrl ? [steamUrl] : []);
  if (!found) {
    throw new PermanentJobError(
      `No mail from Steam with a confirmation link among the newest ${NEWEST_MESSAGES} of ${email}`,
    );
  }
  await scope.ctx.log(`Steam's mail "${found.subject}" of ${found.date?.toISOString() ?? 'unknown date'}`);
  return found.link;
}
