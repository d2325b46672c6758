import { sellItem } from './market.ts';
import { sendOffer } from './trading.ts';
import type { SimAccount, SimConfirmation } from './types.ts';
import type { SteamWorld } from './world.ts';

/** Partners of the seeded trades: their persona names show in the confirmation's headline. */
const PARTNER_NAMES = ['skin_trader_77', 'Mikhail K.', 'csfloat buyer', 'opskins_refugee', 'Anna S.'];

export interface PendingConfirmationsSpec {
  /** Outgoing trade offers giving one new item each to a partner, waiting for the mobile confirmation. */
  trades?: number;
  /** Community Market listings of one new item each, waiting for the mobile confirmation. */
  listings?: number;
}

/**
 * What an account's phone shows on a busy day: trade offers and market listings waiting for the mobile
 * confirmation (development, tests and the demo; the account needs the mobile authenticator). Each gets
 * its own new item, so the account's inventory is not touched.
 */
export function seedPendingConfirmations(
  world: SteamWorld,
  owner: SimAccount,
  spec: PendingConfirmationsSpec,
): SimConfirmation[] {
  const before = new Set(world.confirmations.keys());
  for (let i = 0; i < (spec.trades ?? 0); i++) {
    const partnerId = `7656119${String(8_100_000_000 + Number(world.nextId('request'))).padStart(10, '0')}`;
    const partner = world.phantom(partnerId);
    partner.profile.personaName = PARTNER_NAMES[i % PARTNER_NAMES.length] ?? partner.login;
    const [item] = world.addItems(owner, [{}]);
    if (!item) continue;
    sendOffer(world, owner, {
      partnerSteamId: partnerId,
      token: null,
      give: [{ appid: item.appid, contextid: item.contextid, assetid: item.assetid, amount: 1 }],
      receive: [],
      message: '',
    });
  }
  for (let i = 0; i < (spec.listings ?? 0); i++) {
    const [item] = world.addItems(owner, [{ marketable: true, tradable: true }]);
    if (!item) continue;
    sellItem(world, owner, {
      appid: item.appid,
      contextid: item.contextid,
      assetid: item.assetid,
      price: 150 + world.random.int(0, 5000),
    });
  }
  return [...world.confirmations.values()].filter((entry) => !before.has(entry.id));
}
