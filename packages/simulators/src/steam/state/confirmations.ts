import { randomInt } from 'node:crypto';

import type { ConfirmationTarget, SimAccount, SimConfirmation } from './types.ts';
import type { SteamWorld } from './world.ts';

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
