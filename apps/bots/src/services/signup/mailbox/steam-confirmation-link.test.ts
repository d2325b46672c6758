import { describe, expect, it } from 'vitest';

import { latestSteamConfirmationLink, type ReadMail } from './steam-confirmation-link.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 12, minute));
const html = (href: string) =>
  `<a href="${href}">Confirm</a> <a href="https://help.steampowered.com/">Help</a>`;

describe("Steam's latest confirmation link", () => {
  it("picks the newest Steam mail's confirmation link; other senders, other sites and trade links never", () => {
    const mails: ReadMail[] = [
      {
        from: ['noreply@steampowered.com'],
        date: at(1),
        subject: 'old',
        html: html('https://store.steampowered.com/phone/ConfirmEmailForAdd?stoken=old&amp;steamid=1'),
        text: null,
      },
      {
        from: ['noreply@steampowered.com'],
        date: at(2),
        subject: 'new',
        html: html('https://store.steampowered.com/phone/ConfirmEmailForAdd?stoken=new&amp;steamid=1'),
        text: null,
      },
      {
        from: ['noreply@steampowered.com'],
        date: at(3),
        subject: 'trade',
        html: html('https://steamcommunity.com/tradeoffer/1/emailconfirm?token=t'),
        text: null,
      },
      {
        from: ['noreply@steampowered.com.evil.test'],
        date: at(4),
        subject: 'fake',
        html: html('https://store.steampowered.com/phone/x'),
        text: null,
      },
      {
        from: ['noreply@steampowered.com'],
        date: at(5),
        subject: 'phish',
        html: html('https://store.steampowered.com.evil.test/phone/x'),
        text: null,
      },
    ];
    expect(latestSteamConfirmationLink(mails)).toEqual({
      link: 'https://store.steampowered.com/phone/ConfirmEmailForAdd?stoken=new&steamid=1',
      subject: 'new',
      date: at(2),
    });
  });

  it("reads the text part, and the simulated Steam's links only when its origin is given", () => {
    const sim = 'http://127.0.0.1:8090/steam-sim';
    const mails: ReadMail[] = [
      {
        from: ['noreply@steampowered.com'],
        date: at(1),
        subject: 's',
        html: null,
        text: `Follow ${sim}/store/phone/confirm?token=abc\n`,
      },
    ];
    expect(latestSteamConfirmationLink(mails)).toBeNull();
    expect(latestSteamConfirmationLink(mails, [sim])?.link).toBe(`${sim}/store/phone/confirm?token=abc`);
  });
});
