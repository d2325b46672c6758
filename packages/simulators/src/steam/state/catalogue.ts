/** The items the simulator hands out: CS2 skins (730/2) and Steam community items (753/6). */

export const CS2_NAMES = [
  'AK-47 | Redline (Field-Tested)',
  'AWP | Asiimov (Field-Tested)',
  'M4A1-S | Hyper Beast (Minimal Wear)',
  'Glock-18 | Water Elemental (Field-Tested)',
  'USP-S | Kill Confirmed (Field-Tested)',
  'Desert Eagle | Blaze (Factory New)',
  'AK-47 | Slate (Minimal Wear)',
  'M4A4 | Desolate Space (Field-Tested)',
  'P250 | See Ya Later (Minimal Wear)',
  'Operation Breakout Weapon Case',
  'Chroma 2 Case',
  'Prisma 2 Case',
  'Sticker | Natus Vincere | Stockholm 2021',
  'Revolution Case',
  'StatTrak™ AK-47 | Ice Coaled (Field-Tested)',
  '★ Karambit | Doppler (Factory New)',
] as const;

/** Games whose trading cards the simulator makes (appid → name). */
export const CARD_GAMES: Record<number, string> = {
  730: 'Counter-Strike 2',
  440: 'Team Fortress 2',
  570: 'Dota 2',
  252950: 'Rocket League',
};

export function classIdFor(name: string): string {
  let hash = 2166136261;
  for (const char of name) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 16777619) >>> 0;
  }
  return String(100000000 + (hash % 900000000));
}

/** A stable fake icon path (the economy image CDN takes any string). */
export function iconFor(name: string): string {
  return Buffer.from(`sim:${name}`).toString('base64url');
}

/** Reference price in minor units for a name (deterministic), for price overview and buyers. */
export function referencePrice(name: string): number {
  return 50 + (Number(classIdFor(name)) % 20000);
}
