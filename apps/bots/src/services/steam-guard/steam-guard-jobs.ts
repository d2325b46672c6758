import type { BotConfirmationAnswer, BotSteamConfirmation } from '@toydesk/contract';
import { isSteamError, type MobileConfirmation } from '@toydesk/steam';

import type { BotJobKind } from '../../bot-runtime.ts';
import { writeAudit } from '@toydesk/db';
import { BOT_ACTOR } from '../proxies/proxy-handlers.ts';
import { accountJob } from '../signup/signup-jobs.ts';
import type { SteamScope } from '../steam/steam-scope.ts';

/** Job kinds of the Steam Guard screen. */
export const STEAM_GUARD_KINDS = {
  list: 'steam-guard.confirmations',
  answer: 'steam-guard.answer',
} as const;

/** A trade's partner and item names, read from the offer; null when the offer cannot be read. */
async function tradeDetails(s: SteamScope, confirmation: MobileConfirmation) {
  if (confirmation.typeName !== 'trade') return null;
  try {
    const offer = await s.withSession((session) => s.gateway.getOffer(session, confirmation.objectId));
    return {
      partner_steam_id: offer.partnerSteamId,
      give: offer.itemsToGive.map((item) => item.marketHashName ?? `${item.appId}/${item.assetId}`),
      receive: offer.itemsToReceive.map((item) => item.marketHashName ?? `${item.appId}/${item.assetId}`),
    };
  } catch (error) {
    await s.ctx.log(`offer ${confirmation.objectId} could not be read: ${String(error)}`, 'warn');
    return null;
  }
}

async function listConfirmations(s: SteamScope): Promise<{ confirmations: BotSteamConfirmation[] }> {
  const identitySecret = s.identitySecret();
  const list = await s.withSession((session) => s.gateway.listConfirmations(session, identitySecret));
  const confirmations: BotSteamConfirmation[] = [];
  for (const entry of list) {
    confirmations.push({
      id: entry.id,
      object_id: entry.objectId,
      kind: entry.typeName,
      title: entry.title,
      summary: entry.summary,
      created_at: entry.createdAt,
      trade: await tradeDetails(s, entry),
    });
  }
  return { confirmations };
}

/**
 * Answers each asked id in turn against one fresh list: an id no longer pending is not_found, a refusal
 * of Steam is failed with its message, and the other ids still get their answer.
 */
async function answerConfirmations(
  s: SteamScope,
  input: Record<string, unknown>,
): Promise<BotConfirmationAnswer> {
  const accept = input.accept === true;
  const ids = Array.isArray(input.ids) ? input.ids.map(String) : [];
  const identitySecret = s.identitySecret();
  const pending = await s.withSession((session) => s.gateway.listConfirmations(session, identitySecret));
  const byId = new Map(pending.map((entry) => [entry.id, entry]));
  const results: BotConfirmationAnswer['results'] = [];
  for (const id of ids) {
    const found = byId.get(id);
    if (!found) {
      results.push({ id, object_id: null, kind: null, title: null, status: 'not_found', error: null });
      continue;
    }
    const line = { id, object_id: found.objectId, kind: found.typeName, title: found.title };
    try {
      await s.withSession((session) =>
        s.gateway.respondToConfirmation(session, { identitySecret, id, nonce: found.nonce, accept }),
      );
      results.push({ ...line, status: 'done', error: null });
      await s.ctx.log(
        `${accept ? 'accepted' : 'declined'} confirmation ${id} (${found.typeName} ${found.objectId})`,
      );
    } catch (error) {
      if (s.ctx.signal.aborted) throw error;
      const notFound = isSteamError(error, 'not_found');
      const message = error instanceof Error ? error.message : String(error);
      results.push({ ...line, status: notFound ? 'not_found' : 'failed', error: notFound ? null : message });
      await s.ctx.log(`confirmation ${id} not ${accept ? 'accepted' : 'declined'}: ${message}`, 'warn');
    }
  }
  // The operator's answers move items and money (a trade, a listing): the audit log keeps them, by id.
  if (results.some((line) => line.status === 'done'))
    await writeAudit(s.runtime.db, BOT_ACTOR, 'call', 'steam_account', [
      {
        id: s.account.id,
        before: null,
        after: { steam_guard: accept ? 'accept_confirmations' : 'decline_confirmations', results },
        label: s.account.steam_account_name,
      },
    ]);
  return { accept, results };
}

export const STEAM_GUARD_JOB_KINDS: BotJobKind[] = [
  accountJob(STEAM_GUARD_KINDS.list, (s) => listConfirmations(s)),
  // Not retried: a second attempt would find the ids answered by the first one and report them not_found.
  accountJob(STEAM_GUARD_KINDS.answer, answerConfirmations, { retryLimit: 0 }),
];
