import { randomBytes } from 'node:crypto';

import { ERESULT } from '@toydesk/steam/wire';
import { createConfirmation, dropConfirmationsFor } from './confirmations.ts';
import type { OfferAsset, SimAccount, SimItem, SimOffer } from './types.ts';
import { SimRefusal, type SteamWorld } from './world.ts';

/**
 * Trade offers: states as ETradeOfferState (2 Active, 3 Accepted, 4 Countered, 5 Expired, 6 Canceled,
 * 7 Declined, 8 InvalidItems, 9 CreatedNeedsConfirmation, 10 CanceledBySecondFactor, 11 InEscrow).
 * Giving items needs a confirmation (mobile with the authenticator, email without). Accepted trades go into
 * escrow when a party's authenticator is new or missing; received items carry the trade-protection hold.
 */

export interface AssetRef {
  appid: number;
  contextid: string;
  assetid: string;
  amount?: number;
}

const GENERIC = 'There was an error sending your trade offer.  Please try again later.';

function refuse(eresult: number, message = GENERIC): never {
  throw new SimRefusal(eresult, message, { strError: `${message} (${eresult})` });
}

function offerAsset(item: SimItem): OfferAsset {
  return {
    appid: item.appid,
    contextid: item.contextid,
    assetid: item.assetid,
    amount: item.amount,
    classid: item.classid,
    instanceid: item.instanceid,
    market_hash_name: item.market_hash_name,
  };
}

function activeSent(world: SteamWorld, sender: SimAccount): SimOffer[] {
  return [...world.offers.values()].filter(
    (offer) => offer.sender === sender.steamId && (offer.state === 2 || offer.state === 9),
  );
}

export function sendOffer(
  world: SteamWorld,
  sender: SimAccount,
  input: {
    partnerSteamId: string;
    token: string | null;
    give: AssetRef[];
    receive: AssetRef[];
    message: string;
  },
): SimOffer {
  if (input.partnerSteamId === sender.steamId) refuse(ERESULT.AccessDenied);
  const partner = world.accountBySteamId(input.partnerSteamId) ?? world.phantom(input.partnerSteamId);
  if (!partner.phantom && input.token !== partner.tradeToken) refuse(ERESULT.AccessDenied);
  if (input.give.length + input.receive.length === 0) refuse(ERESULT.InvalidParam);

  const resolve = (owner: SimAccount, refs: AssetRef[], ours: boolean): OfferAsset[] =>
    refs.map((ref) => {
      const item = world.findItem(owner, Number(ref.appid), String(ref.contextid), String(ref.assetid));
      if (!item) refuse(ERESULT.Revoked);
      if (!world.isTradable(item)) {
        const until = item.holdUntil
          ? ` (trade hold: Tradable After ${new Date(item.holdUntil).toUTCString()})`
          : '';
        refuse(
          ERESULT.AccessDenied,
          `${ours ? 'Your' : 'Their'} item ${item.market_hash_name} is not tradable right now${until}.`,
        );
      }
      return offerAsset(item);
    });
  const give = resolve(sender, input.give, true);
  const receive = resolve(partner, input.receive, false);

  const sent = activeSent(world, sender);
  const limitMessage = `You have sent too many trade offers, or have too many outstanding trade offers with ${partner.profile.personaName}. Please cancel some before sending more.`;
  if (sent.length >= world.config.maxActiveOffers) refuse(ERESULT.LimitExceeded, limitMessage);
  if (
    sent.filter((offer) => offer.recipient === partner.steamId).length >= world.config.maxOffersPerPartner
  ) {
    refuse(ERESULT.LimitExceeded, limitMessage);
  }

  const now = world.now();
  const needsConfirmation = give.length > 0;
  const offer: SimOffer = {
    id: world.nextId('offer'),
    sender: sender.steamId,
    recipient: partner.steamId,
    give,
    receive,
    message: input.message.slice(0, 128),
    state: needsConfirmation ? 9 : 2,
    confirmationMethod: needsConfirmation ? (sender.twoFactor ? 2 : 1) : 0,
    created: now,
    updated: now,
    expires: now + world.config.offerExpiryMs,
    escrowEnds: null,
    tradeId: null,
    emailToken: null,
    escrow: null,
    acceptPending: false,
  };
  world.offers.set(offer.id, offer);
  if (offer.confirmationMethod === 2) {
    createConfirmation(
      world,
      sender,
      { type: 2, offerId: offer.id },
      `Trade with ${partner.profile.personaName}`,
      [`You will give up ${give.length} item(s)`, `You will receive ${receive.length} item(s)`],
    );
  } else if (offer.confirmationMethod === 1) {
    offer.emailToken = randomBytes(8).toString('hex');
    world.sendEmail(
      sender,
      'trade_confirm',
      offer.emailToken,
      `/community/tradeoffer/${offer.id}/emailconfirm?token=${offer.emailToken}`,
    );
  }
  return offer;
}

/** The email link of an offer that needs email confirmation. */
export function emailConfirmOffer(world: SteamWorld, offerId: string, token: string): boolean {
  const offer = world.offers.get(offerId);
  if (!offer || offer.state !== 9 || offer.confirmationMethod !== 1 || offer.emailToken !== token)
    return false;
  offer.state = 2;
  offer.updated = world.now();
  return true;
}

/** The recipient accepts; when they give items with an authenticator, a confirmation is needed first. */
export function acceptOffer(
  world: SteamWorld,
  acceptor: SimAccount,
  offerId: string,
): { needsConfirmation: boolean; offer: SimOffer } {
  const offer = world.offers.get(offerId);
  if (!offer || offer.recipient !== acceptor.steamId) {
    throw new SimRefusal(ERESULT.NoMatch, 'no such offer', {
      strError: 'There was an error accepting this trade offer.  Please try again later. (42)',
    });
  }
  if (offer.state !== 2 || offer.acceptPending) {
    throw new SimRefusal(11, 'not active', {
      strError: 'There was an error accepting this trade offer.  Please try again later. (11)',
    });
  }
  if (offer.receive.length > 0 && acceptor.twoFactor && !acceptor.phantom) {
    offer.acceptPending = true;
    createConfirmation(world, acceptor, { type: 2, offerId: offer.id }, 'Trade offer acceptance', [
      `You will give up ${offer.receive.length} item(s)`,
    ]);
    return { needsConfirmation: true, offer };
  }
  completeOfferAcceptance(world, offer);
  return { needsConfirmation: false, offer };
}

function escrowMsFor(world: SteamWorld, account: SimAccount): number {
  if (account.phantom) return 0;
  if (!account.twoFactor) return world.config.noAuthenticatorEscrowMs;
  if (account.twoFactor.enabledAt > world.now() - world.config.newAuthenticatorMs)
    return world.config.escrowMs;
  return 0;
}

/** Items are checked again (gone or held: InvalidItems), then move now or after the escrow. */
export function completeOfferAcceptance(world: SteamWorld, offer: SimOffer): void {
  offer.acceptPending = false;
  const sender = world.accountBySteamId(offer.sender);
  const recipient = world.accountBySteamId(offer.recipient);
  if (!sender || !recipient) return;
  const take = (owner: SimAccount, assets: OfferAsset[]): SimItem[] | null => {
    const items: SimItem[] = [];
    for (const asset of assets) {
      const item = world.findItem(owner, asset.appid, asset.contextid, asset.assetid);
      if (!item || !world.isTradable(item)) return null;
      items.push(item);
    }
    return items;
  };
  const fromSender = take(sender, offer.give);
  const fromRecipient = take(recipient, offer.receive);
  const now = world.now();
  offer.updated = now;
  if (!fromSender || !fromRecipient) {
    offer.state = 8;
    return;
  }
  for (const item of fromSender) world.removeItem(sender, item);
  for (const item of fromRecipient) world.removeItem(recipient, item);
  offer.tradeId = world.nextId('trade');
  const escrowMs = Math.max(escrowMsFor(world, sender), escrowMsFor(world, recipient));
  if (escrowMs > 0) {
    offer.state = 11;
    offer.escrowEnds = now + escrowMs;
    offer.escrow = { toRecipient: fromSender, toSender: fromRecipient };
    return;
  }
  deliver(world, recipient, fromSender);
  deliver(world, sender, fromRecipient);
  offer.state = 3;
}

/** Received items get new asset ids (as on Steam) and the trade-protection hold. */
function deliver(world: SteamWorld, to: SimAccount, items: SimItem[]): void {
  const now = world.now();
  const hold = world.config.tradeReceivedHoldMs;
  for (const item of items) {
    to.items.push({
      ...item,
      assetid: world.nextId('asset'),
      acquiredAt: now,
      holdUntil: hold > 0 ? now + hold : item.holdUntil,
    });
    to.newItems++;
  }
}

/** Our offer: cancel (6); theirs: decline (7). */
export function cancelOrDecline(world: SteamWorld, account: SimAccount, offerId: string): SimOffer {
  const offer = world.offers.get(offerId);
  if (!offer || (offer.sender !== account.steamId && offer.recipient !== account.steamId)) {
    throw new SimRefusal(ERESULT.NoMatch, 'no such offer', {
      strError: 'There was an error cancelling this trade offer. (42)',
    });
  }
  if (offer.state !== 2 && offer.state !== 9) {
    throw new SimRefusal(11, 'not active', { strError: 'This trade offer is no longer active. (11)' });
  }
  offer.state = offer.sender === account.steamId ? 6 : 7;
  offer.acceptPending = false;
  offer.updated = world.now();
  dropConfirmationsFor(world, { type: 2, offerId: offer.id });
  return offer;
}

/** The partner answers with a counter offer: this one becomes Countered (4). */
export function counterOffer(world: SteamWorld, offerId: string): SimOffer {
  const offer = world.offers.get(offerId);
  if (!offer || offer.state !== 2) throw new SimRefusal(11, 'the offer is not active');
  offer.state = 4;
  offer.updated = world.now();
  return offer;
}

/** Expiry (5) and the end of escrow (3). */
export function tickOffers(world: SteamWorld): void {
  const now = world.now();
  for (const offer of world.offers.values()) {
    if ((offer.state === 2 || offer.state === 9) && offer.expires <= now) {
      offer.state = 5;
      offer.acceptPending = false;
      offer.updated = offer.expires;
      dropConfirmationsFor(world, { type: 2, offerId: offer.id });
    } else if (offer.state === 11 && offer.escrowEnds !== null && offer.escrowEnds <= now && offer.escrow) {
      const sender = world.accountBySteamId(offer.sender);
      const recipient = world.accountBySteamId(offer.recipient);
      if (sender && recipient) {
        deliver(world, recipient, offer.escrow.toRecipient);
        deliver(world, sender, offer.escrow.toSender);
      }
      offer.escrow = null;
      offer.state = 3;
      offer.updated = offer.escrowEnds;
    }
  }
}

/** The offer as GetTradeOffer shows it to `viewer`. */
export function offerView(world: SteamWorld, offer: SimOffer, viewer: SimAccount) {
  const ours = offer.sender === viewer.steamId;
  const otherId = ours ? offer.recipient : offer.sender;
  const other = world.accountBySteamId(otherId);
  const asItem = (asset: OfferAsset) => ({
    appid: asset.appid,
    contextid: asset.contextid,
    assetid: asset.assetid,
    classid: asset.classid,
    instanceid: asset.instanceid,
    amount: String(asset.amount),
    missing: false,
  });
  return {
    tradeofferid: offer.id,
    accountid_other: other?.accountId ?? Number(BigInt(otherId) - 76561197960265728n),
    message: offer.message,
    expiration_time: Math.floor(offer.expires / 1000),
    trade_offer_state: offer.state,
    items_to_give: (ours ? offer.give : offer.receive).map(asItem),
    items_to_receive: (ours ? offer.receive : offer.give).map(asItem),
    is_our_offer: ours,
    time_created: Math.floor(offer.created / 1000),
    time_updated: Math.floor(offer.updated / 1000),
    ...(offer.tradeId ? { tradeid: offer.tradeId } : {}),
    from_real_time_trade: false,
    escrow_end_date: offer.escrowEnds ? Math.floor(offer.escrowEnds / 1000) : 0,
    confirmation_method: offer.state === 9 ? offer.confirmationMethod : 0,
  };
}

export function offerDescriptions(offer: SimOffer) {
  const seen = new Map<string, OfferAsset>();
  for (const asset of [...offer.give, ...offer.receive])
    seen.set(`${asset.classid}_${asset.instanceid}`, asset);
  return [...seen.values()].map((asset) => ({
    appid: asset.appid,
    classid: asset.classid,
    instanceid: asset.instanceid,
    market_hash_name: asset.market_hash_name,
    name: asset.market_hash_name,
    tradable: 1,
    marketable: 1,
  }));
}
