import { randomInt } from 'node:crypto';

import { ERESULT } from '@toydesk/steam/wire';
import { completeOfferAcceptance } from './trading.ts';
import type { ConfirmationTarget, SimAccount, SimConfirmation } from './types.ts';
import { SimRefusal, type SteamWorld } from './world.ts';

const TYPE_NAMES: Record<ConfirmationTarget['type'], string> = {
  2: 'Trade Offer',
  3: 'Market Listing',
  9: 'Web API Key',
  12: 'Market Purchase',
};

function creatorOf(target: ConfirmationTarget): string {
  switch (target.type) {
    case 2:
      return target.offerId;
    case 3:
      return target.listingId;
    case 9:
      return target.requestId;
    case 12:
      return target.buyOrderId;
  }
}

export function createConfirmation(
  world: SteamWorld,
  owner: SimAccount,
  target: ConfirmationTarget,
  headline: string,
  summary: string[],
): SimConfirmation {
  const confirmation: SimConfirmation = {
    id: world.nextId('confirmation'),
    nonce: String(randomInt(1_000_000_000, 9_999_999_999)) + String(randomInt(1_000_000_000, 9_999_999_999)),
    owner: owner.steamId,
    target,
    creatorId: creatorOf(target),
    typeName: TYPE_NAMES[target.type],
    headline,
    summary,
    createdAt: world.now(),
  };
  world.confirmations.set(confirmation.id, confirmation);
  return confirmation;
}

export function confirmationsOf(world: SteamWorld, owner: SimAccount): SimConfirmation[] {
  return [...world.confirmations.values()].filter((confirmation) => confirmation.owner === owner.steamId);
}

export function dropConfirmationsFor(world: SteamWorld, target: ConfirmationTarget): void {
  for (const [id, confirmation] of world.confirmations) {
    if (confirmation.target.type === target.type && confirmation.creatorId === creatorOf(target))
      world.confirmations.delete(id);
  }
}

/** Accept (allow) or cancel one confirmation: the trade, listing, key request or buy order moves on. */
export function respondToConfirmation(
  world: SteamWorld,
  owner: SimAccount,
  id: string,
  nonce: string,
  accept: boolean,
): void {
  const confirmation = world.confirmations.get(id);
  if (!confirmation || confirmation.owner !== owner.steamId || confirmation.nonce !== nonce) {
    throw new SimRefusal(ERESULT.NoMatch, 'Could not act on confirmation');
  }
  world.confirmations.delete(id);
  const target = confirmation.target;
  switch (target.type) {
    case 2: {
      const offer = world.offers.get(target.offerId);
      if (!offer) return;
      if (!accept) {
        offer.state = 10; // CanceledBySecondFactor
        offer.acceptPending = false;
        offer.updated = world.now();
        return;
      }
      if (offer.acceptPending) completeOfferAcceptance(world, offer);
      else if (offer.state === 9) {
        offer.state = 2;
        offer.updated = world.now();
      }
      return;
    }
    case 3: {
      const listing = world.listings.get(target.listingId);
      if (!listing || listing.status !== 'to_confirm') return;
      if (accept) listing.status = 'active';
      else {
        listing.status = 'canceled';
        owner.items.push(listing.item);
      }
      return;
    }
    case 9: {
      const request = owner.apiKeyRequests.get(target.requestId);
      if (request) {
        if (accept) request.confirmed = true;
        else owner.apiKeyRequests.delete(target.requestId);
      }
      return;
    }
    case 12: {
      const order = world.buyOrders.get(target.buyOrderId);
      if (order && order.status === 'needs_confirmation') order.status = accept ? 'confirmed' : 'canceled';
      return;
    }
  }
}
