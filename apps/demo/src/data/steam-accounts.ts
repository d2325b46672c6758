import type { SteamAccountStatus } from '@toydesk/contract';
import { bulkInsert } from '@toydesk/db';

import { idsByKey, requireId } from './ids-by-key.ts';
import { sealPlannedRows } from './sealed-rows.ts';
import { DAY, HOUR, isoBefore, type DemoContext } from './demo-context.ts';
import type { DemoInfrastructure } from './infrastructure.ts';
import { formatMinor } from './minor-units.ts';
import type { DemoTags } from './tags-and-groups.ts';

/** About 30 Steam bot accounts with encrypted secrets, proxies, server groups and trade URLs. */

export const STEAM_ACCOUNT_COUNT = 30;

/** SteamID64 of account id 0: a 17-digit SteamID64 minus this is the "partner" of a trade URL. */
const STEAM_ID64_BASE = 76561197960265728n;

/** Accounts (1-based numbers) that are not simply active. */
const SPECIAL_STATUSES: Record<number, SteamAccountStatus> = {
  13: 'limited',
  22: 'limited',
  25: 'locked',
  27: 'banned',
  29: 'new',
  30: 'new',
};

const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org'];
const NOTES = [
  'Основной аккаунт для Market CSGO',
  'Bought with Prime, 2FA via the bot',
  'Лимит на вывод до конца месяца',
  'Kept for high-value items only',
];

export interface DemoSteamAccount {
  id: number;
  number: number;
  name: string;
  status: SteamAccountStatus;
  proxy: number | null;
  steamId: string;
  /** When the account was added, epoch milliseconds. */
  createdAt: number;
}

export async function seedSteamAccounts(
  ctx: DemoContext,
  infra: DemoInfrastructure,
  tags: DemoTags,
): Promise<DemoSteamAccount[]> {
  const rng = ctx.rng('steam-accounts');
  const anyTags = tags.forTarget(null);
  const steamIds = new Set<string>();
  const plans = Array.from({ length: STEAM_ACCOUNT_COUNT }, (_, index) => {
    const number = index + 1;
    const nn = String(number).padStart(2, '0');
    const status = SPECIAL_STATUSES[number] ?? 'active';
    let steamId: string;
    do steamId = `76561198${rng.idDigits(9)}`;
    while (steamIds.has(steamId));
    steamIds.add(steamId);
    const login = `tb${nn}_${rng.alphanumeric(5, 'abcdefghijklmnopqrstuvwxyz0123456789')}`;
    const partner = (BigInt(steamId) - STEAM_ID64_BASE).toString();
    const token = rng.alphanumeric(8, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-');
    const ageDays = status === 'new' ? rng.int(1, 5) : rng.int(40, 420);
    const createdAt = ctx.now - ageDays * DAY - rng.int(0, 23) * HOUR;
    const row = {
      steam_account_name: `trade_bot_${nn}`,
      login,
      password: rng.alphanumeric(16),
      shared_secret: rng.bytes(20).toString('base64'),
      identity_secret: rng.bytes(20).toString('base64'),
      revocation_code: `R${rng.int(0, 99_999).toString().padStart(5, '0')}`,
      email_password: rng.alphanumeric(12),
      steam_id: steamId,
      email: `${login}@${rng.pick(EMAIL_DOMAINS)}`,
      phone: `+79${rng.idDigits(9)}`,
      // Most accounts go through a proxy; a few (and the new ones) do not have one yet.
      proxy: status === 'new' || number % 7 === 0 ? null : infra.proxyIds[index % infra.proxyIds.length]!,
      server_group: status === 'new' ? null : infra.serverGroupIds[number <= 18 ? 0 : 1]!,
      tags:
        number <= 4 ? [anyTags[0]!] : status === 'new' ? [anyTags[2]!] : rng.chance(0.5) ? [anyTags[1]!] : [],
      trade_url: `https://steamcommunity.com/tradeoffer/new/?partner=${partner}&token=${token}`,
      status,
      balance: formatMinor(status === 'new' ? 0 : rng.int(0, 2_500_000)),
      balance_currency: 'RUB',
      notes: rng.chance(0.2) ? rng.pick(NOTES) : null,
      created_at: new Date(createdAt).toISOString(),
      updated_at: isoBefore(ctx, rng.int(1, 72) * HOUR),
    };
    return { row, number, status, createdAt };
  });
  const inserted = await bulkInsert<{ id: number; steam_account_name: string }>(
    ctx.tx,
    'steam_account',
    {
      id: 'integer',
      steam_account_name: 'text',
      login: 'text',
      password: 'text',
      shared_secret: 'text',
      identity_secret: 'text',
      revocation_code: 'text',
      email_password: 'text',
      steam_id: 'text',
      email: 'text',
      phone: 'text',
      proxy: 'integer',
      server_group: 'integer',
      tags: 'integer[]',
      trade_url: 'text',
      status: 'text',
      balance: 'numeric',
      balance_currency: 'text',
      notes: 'text',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    await sealPlannedRows(
      ctx,
      'steam_account',
      plans.map((p) => p.row),
      [
        { column: 'password' },
        { column: 'shared_secret' },
        { column: 'identity_secret' },
        { column: 'revocation_code' },
        { column: 'email_password' },
      ],
    ),
    { returning: ['id', 'steam_account_name'] },
  );
  const ids = idsByKey(inserted, (r) => r.steam_account_name);
  return plans.map((p) => ({
    id: requireId(ids, p.row.steam_account_name),
    number: p.number,
    name: p.row.steam_account_name,
    status: p.status,
    proxy: p.row.proxy,
    steamId: p.row.steam_id,
    createdAt: p.createdAt,
  }));
}
