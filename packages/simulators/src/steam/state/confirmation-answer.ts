import { ERESULT } from '@toydesk/steam/wire';
import { completeOfferAcceptance } from './trading.ts';
import type { SimAccount } from './types.ts';
import { SimRefusal, type SteamWorld } from './world.ts';

// Apart from confirmations.ts: answering moves a trade on (trading.ts), and trading.ts creates
// confirmations, so one module holding both directions would be an import circle.

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
