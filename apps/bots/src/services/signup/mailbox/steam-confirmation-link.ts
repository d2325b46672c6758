/** One mail as the mailbox reader hands it over: who sent it, when, and its links. */
export interface ReadMail {
  from: string[];
  date: Date | null;
  subject: string;
  /** The HTML part, if any. */
  html: string | null;
  text: string | null;
}

/** Steam writes from these domains (noreply@steampowered.com). */
const STEAM_SENDER = /@(?:[a-z0-9-]+\.)*steampowered\.com$/i;
/** The real Steam's sites a confirmation link may point at. */
const STEAM_ORIGINS = [
  'https://store.steampowered.com',
  'https://help.steampowered.com',
  'https://login.steampowered.com',
  'https://steamcommunity.com',
];
/**
 * The links that confirm an email or a phone change: Steam's add-phone mail links to the store's
 * `/phone/...` pages (the simulated Steam: `/store/phone/confirm?token=`), a new account's to
 * `newaccountverification`. Trade confirmations (`tradeoffer/.../emailconfirm`) are never followed here.
 */
const CONFIRMATION_PATH = /\/phone\/|newaccountverification|\/account\/.*confirm/i;

const decodeEntities = (href: string) =>
  href
    .replace(/&amp;/g, '&')
    .replace(/&#x3D;|&#61;/gi, '=')
    .replace(/&quot;/g, '"');

function linksOf(mail: ReadMail): string[] {
  const links: string[] = [];
  for (const match of (mail.html ?? '').matchAll(/href\s*=\s*["']([^"']+)["']/gi))
    links.push(decodeEntities(match[1]!));
  for (const match of (mail.text ?? '').matchAll(/https?:\/\/[^\s<>"')\]]+/g)) links.push(match[0]);
  return links;
}

/**
 * The confirmation link of Steam's latest mail that has one, or null. Only mails from Steam count, and
 * only links to Steam's own sites (or to the simulated Steam at `extraOrigins`): a mail that merely claims
 * to be from Steam cannot send the bot elsewhere.
 */
export function latestSteamConfirmationLink(
  mails: readonly ReadMail[],
  extraOrigins: readonly string[] = [],
): { link: string; subject: string; date: Date | null } | null {
  const origins = [...STEAM_ORIGINS, ...extraOrigins.map((origin) => origin.replace(/\/+$/, ''))];
  const fromSteam = mails
    .map((mail, index) => ({ mail, index }))
    .filter(({ mail }) => mail.from.some((address) => STEAM_SENDER.test(address.trim())))
    // Newest first: by date, then by place in the mailbox (later is newer).
    .sort((a, b) => (b.mail.date?.getTime() ?? 0) - (a.mail.date?.getTime() ?? 0) || b.index - a.index);
  for (const { mail } of fromSteam) {
    const link = linksOf(mail).find((href) => {
      let url: URL;
      try {
        url = new URL(href);
      } catch {
        return false;
      }
      const inSteam = origins.some(
        (origin) => href === origin || href.startsWith(`${origin}/`) || href.startsWith(`${origin}?`),
      );
      return inSteam && CONFIRMATION_PATH.test(url.pathname) && !/tradeoffer/i.test(url.pathname);
    });
    if (link) return { link, subject: mail.subject, date: mail.date };
  }
  return null;
}
