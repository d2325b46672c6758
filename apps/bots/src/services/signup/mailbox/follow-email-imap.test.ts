import type { BotJob } from '@toydesk/contract';
import {
  createSteamSimulator,
  SteamSimControlClient,
  type SteamSimulatorServer,
} from '@toydesk/simulators/steam';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startBotTestApp, type BotTestApp } from '../../../testing/bot-test-app.ts';
import {
  startImapTestServer,
  type ImapTestServer,
  type ImapTestUser,
} from '../../../testing/imap-test-server.ts';

const RELAXED = {
  loginRateLimit: { max: 10_000, windowMs: 600_000, blockMs: 1_800_000 },
  confirmationRateLimit: { max: 10_000, windowMs: 60_000, blockMs: 300_000 },
};

/** Quoted-printable as mail servers send it: `=` escaped, lines cut at 76 with soft breaks. */
function quotedPrintable(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const escaped = line.replace(/=/g, '=3D');
      const parts: string[] = [];
      for (let i = 0; i < escaped.length; i += 72) parts.push(escaped.slice(i, i + 72));
      return parts.join('=\r\n');
    })
    .join('\r\n');
}

function mail(options: { from: string; to: string; subject: string; date: Date; link: string }): string {
  const boundary = 'b-toydesk-test';
  return [
    `From: ${options.from}`,
    `To: <${options.to}>`,
    `Subject: ${options.subject}`,
    `Date: ${options.date.toUTCString()}`,
    `Message-ID: <${options.date.getTime()}.${Math.random().toString(36).slice(2)}@mail.test>`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    quotedPrintable(`To confirm, follow this link:\n${options.link}\n`),
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    quotedPrintable(
      `<html><body><p>Hello,</p><p><a href="${options.link.replace(/&/g, '&amp;')}">Add phone number</a></p>` +
        '<p><a href="https://help.steampowered.com/">Steam Support</a></p></body></html>',
    ),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/**
 * follow-to-last-email with the mailbox read over IMAP (imapflow) from a loopback IMAP server that holds
 * the simulated Steam's mail: the link of Steam's latest mail is followed and the SMS code requested; a
 * wrong mailbox password or a mailbox without Steam's mail fails with a clear reason and changes nothing.
 */
describe('follow-to-last-email over IMAP', () => {
  let sim: SteamSimulatorServer;
  let control: SteamSimControlClient;
  let imap: ImapTestServer;
  let t: BotTestApp;
  let counter = 0;
  const users: Record<string, ImapTestUser> = {};

  beforeAll(async () => {
    sim = await createSteamSimulator({ config: RELAXED });
    const base = await sim.listen({ port: 0, host: '127.0.0.1' });
    control = new SteamSimControlClient(base);
    imap = await startImapTestServer(users);
    t = await startBotTestApp({
      env: {
        TOYDESK_STEAM_URL: base,
        TOYDESK_IMAP_SERVERS: `mail.example=imap://127.0.0.1:${imap.port}`,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await imap?.close();
    await sim?.close();
  });

  const finished = async (response: { status: number; body: unknown; text: string }) => {
    expect(response.status, response.text).toBe(202);
    return (await t.runtime.queue.waitFor((response.body as BotJob).id, 60_000))!;
  };

  /** The simulated Steam's last mail to the account, as Steam would send it (null: none). */
  async function steamMail(login: string, email: string): Promise<string | null> {
    const last = await control.lastEmail(login).catch(() => null);
    if (!last?.link) return null;
    return mail({
      from: 'Steam <noreply@steampowered.com>',
      to: email,
      subject: 'Your Steam account: Add phone number',
      date: new Date(last.at),
      link: last.link,
    });
  }

  /** A newer mail from someone else, with a link of the same shape: never followed. */
  const decoy = (email: string) =>
    mail({
      from: 'Steam Support <noreply@steampowered.com.mail-example.test>',
      to: email,
      subject: 'Your Steam account: Add phone number',
      date: new Date(Date.now() + 60_000),
      link: 'https://store.steampowered.com.mail-example.test/phone/confirm?token=x',
    });

  /** A Steam account in the simulator and in our table (email + vaulted email password), phone added. */
  async function accountWithPhone(mailbox: { password: string; steamMail: boolean }) {
    counter += 1;
    const created = await control.createAccount({
      twoFactor: false,
      accountName: `imap${process.pid}x${counter}`,
    });
    const email = created.email;
    users[email] = {
      password: 'mailbox-pass',
      messages: async () => {
        const steam = mailbox.steamMail ? await steamMail(created.accountName, email) : null;
        return [...(steam ? [steam] : []), decoy(email)];
      },
    };
    const [row] = await t.db.query<{ id: number }>(
      `INSERT INTO steam_account (steam_account_name, login, password, phone, email, email_password)
       VALUES ($1, $1, $2, '+79161234567', $3, $4) RETURNING id`,
      [
        created.accountName,
        t.runtime.vault.encrypt(created.password),
        email,
        t.runtime.vault.encrypt(mailbox.password),
      ],
    );
    const id = row!.id;
    expect((await finished(await t.request('POST', `/api-node/singup/${id}/relogin`))).state).toBe('done');
    const added = await finished(
      await t.request('POST', `/api-node/singup/${id}/email-and-phone/add-phone`, {
        body: { phone: '+79161234567' },
      }),
    );
    expect(added.state, JSON.stringify(added.error)).toBe('done');
    return { id, created, email };
  }

  const snapshot = async (id: number) =>
    t.db.query(
      'SELECT a.*, c.steps FROM steam_account a LEFT JOIN account_checklist c ON c.steam_account = a.id WHERE a.id = $1',
      [id],
    );
  const follow = (id: number) =>
    t.request('POST', '/api-node/singup/email-and-phone/follow-to-last-email/', { body: { id } });

  it("follows the link of Steam's latest mail read over IMAP, then the SMS code is sent", async () => {
    const { id, created, email } = await accountWithPhone({ password: 'mailbox-pass', steamMail: true });
    expect((await control.account(created.accountName)).pendingPhone).toMatchObject({ awaitingEmail: true });

    const job = await finished(await follow(id));
    expect(job.state, JSON.stringify(job.error)).toBe('done');
    expect(job.result).toEqual({ followed: true, sms_sent: true });
    expect(imap.logins).toContainEqual({ user: email, ok: true });
    expect(await control.lastSms(created.accountName)).toMatchObject({ purpose: 'phone_verify' });
    const detail = await t.request<BotJob>('GET', `/api-node/jobs/${job.id}/`);
    const log = detail.body.logs!.map((l) => l.message).join('\n');
    expect(log).toContain(`of ${email} at 127.0.0.1:${imap.port}`);
    expect(log).not.toContain('mailbox-pass');
  });

  it('a wrong mailbox password: a clear error, nothing followed or written', async () => {
    const { id, created, email } = await accountWithPhone({ password: 'wrong-pass', steamMail: true });
    const before = await snapshot(id);

    const job = await finished(await follow(id));
    expect(job.state).toBe('failed');
    expect(JSON.stringify(job.error)).toContain(`The mailbox ${email}`);
    expect(JSON.stringify(job.error)).toContain('refused the login');
    expect(JSON.stringify(job.error)).not.toContain('wrong-pass');
    // One attempt only: a mail provider locks a mailbox after a few failed logins.
    expect(imap.logins.filter((l) => l.user === email)).toEqual([{ user: email, ok: false }]);
    expect((await control.account(created.accountName)).pendingPhone).toMatchObject({ awaitingEmail: true });
    await expect(control.lastSms(created.accountName)).rejects.toThrow(/404/);
    expect(await snapshot(id)).toEqual(before);
  });

  it('no mail from Steam in the mailbox: a clear error, nothing followed or written', async () => {
    const { id, created, email } = await accountWithPhone({ password: 'mailbox-pass', steamMail: false });
    const before = await snapshot(id);

    const job = await finished(await follow(id));
    expect(job.state).toBe('failed');
    expect(JSON.stringify(job.error)).toContain(
      `No mail from Steam with a confirmation link among the newest 20 of ${email}`,
    );
    expect((await control.account(created.accountName)).pendingPhone).toMatchObject({ awaitingEmail: true });
    await expect(control.lastSms(created.accountName)).rejects.toThrow(/404/);
    expect(await snapshot(id)).toEqual(before);
  });
});
