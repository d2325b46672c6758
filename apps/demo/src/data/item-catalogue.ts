import { readFileSync } from 'node:fs';

/**
 * The CS2 item catalogue of the demo: every finish of cs2-items.json in every wear its float range
 * reaches, with StatTrak™ variants where they exist, plus the cases. One entry is one market hash name.
 */

export interface Finish {
  name: string;
  weapon: string;
  pattern: string;
  rarity: string;
  stattrak: boolean;
  min_float: number;
  max_float: number;
}

interface ItemsFile {
  skins: Finish[];
  cases: { name: string }[];
}

export interface Wear {
  name: string;
  short: string;
  ru: string;
  min: number;
  max: number;
}

/** Wears by float: FN < 0.07 <= MW < 0.15 <= FT < 0.38 <= WW < 0.45 <= BS. */
export const WEARS: readonly Wear[] = [
  { name: 'Factory New', short: 'FN', ru: 'Прямо с завода', min: 0, max: 0.07 },
  { name: 'Minimal Wear', short: 'MW', ru: 'Немного поношенное', min: 0.07, max: 0.15 },
  { name: 'Field-Tested', short: 'FT', ru: 'После полевых испытаний', min: 0.15, max: 0.38 },
  { name: 'Well-Worn', short: 'WW', ru: 'Поношенное', min: 0.38, max: 0.45 },
  { name: 'Battle-Scarred', short: 'BS', ru: 'Закалённое в боях', min: 0.45, max: 1 },
];

export const WEAPON_CLASSES = [
  'Rifles',
  'Sniper Rifles',
  'Pistols',
  'SMGs',
  'Heavy',
  'Knives',
  'Gloves',
  'Cases',
] as const;
export type WeaponClass = (typeof WEAPON_CLASSES)[number];

export const WEAPON_CLASS_DESCRIPTIONS: Record<WeaponClass, string> = {
  Rifles: 'Assault rifles: AK-47, M4A4, M4A1-S, AUG, SG 553, FAMAS, Galil AR',
  'Sniper Rifles': 'AWP, SSG 08 and the auto-snipers',
  Pistols: 'Pistols and the R8 Revolver',
  SMGs: 'Submachine guns',
  Heavy: 'Shotguns and machine guns',
  Knives: 'Every knife (★)',
  Gloves: 'Every pair of gloves (★)',
  Cases: 'Weapon cases',
};

const WEAPON_CLASS_BY_WEAPON: Record<string, WeaponClass> = {
  'AK-47': 'Rifles',
  AUG: 'Rifles',
  FAMAS: 'Rifles',
  'Galil AR': 'Rifles',
  'M4A1-S': 'Rifles',
  M4A4: 'Rifles',
  'SG 553': 'Rifles',
  AWP: 'Sniper Rifles',
  'SSG 08': 'Sniper Rifles',
  'SCAR-20': 'Sniper Rifles',
  G3SG1: 'Sniper Rifles',
  'MAC-10': 'SMGs',
  'MP5-SD': 'SMGs',
  MP7: 'SMGs',
  MP9: 'SMGs',
  P90: 'SMGs',
  'PP-Bizon': 'SMGs',
  'UMP-45': 'SMGs',
  M249: 'Heavy',
  'MAG-7': 'Heavy',
  Negev: 'Heavy',
  Nova: 'Heavy',
  'Sawed-Off': 'Heavy',
  XM1014: 'Heavy',
};

export function isKnife(weapon: string): boolean {
  return /Knife|Karambit|Bayonet|Daggers/.test(weapon);
}

export function isGloves(weapon: string): boolean {
  return /Gloves|Hand Wraps/.test(weapon);
}

export function weaponClassOf(weapon: string): WeaponClass {
  if (isKnife(weapon)) return 'Knives';
  if (isGloves(weapon)) return 'Gloves';
  return WEAPON_CLASS_BY_WEAPON[weapon] ?? 'Pistols';
}

export interface CatalogueItem {
  marketHashName: string;
  ruName: string;
  /** The finish name without star, StatTrak or wear ("AK-47 | Redline"); the case name for cases. */
  finishName: string;
  weapon: string | null;
  rarity: string;
  weaponClass: WeaponClass;
  wear: Wear | null;
  stattrak: boolean;
  /** Knives and gloves: shown with "★ ". */
  starred: boolean;
  /** The floats this item can have: the finish range within the wear range; null for cases. */
  floatRange: { min: number; max: number } | null;
}

let cached: ItemsFile | undefined;

export function readItemsFile(): ItemsFile {
  cached ??= JSON.parse(readFileSync(new URL('./cs2-items.json', import.meta.url), 'utf8')) as ItemsFile;
  return cached;
}

/** The wears a finish has: those whose float interval its own range reaches. */
export function wearsOf(finish: Pick<Finish, 'min_float' | 'max_float'>): Wear[] {
  return WEARS.filter((w) => finish.min_float < w.max && finish.max_float > w.min);
}

function caseRuName(name: string): string {
  return name.endsWith(' Case') ? `Кейс «${name.slice(0, -' Case'.length)}»` : name;
}

/** Every item of the catalogue, finishes first (plain wears, then StatTrak™ wears), then the cases. */
export function buildCatalogue(file: ItemsFile = readItemsFile()): CatalogueItem[] {
  const items: CatalogueItem[] = [];
  const seen = new Set<string>();
  for (const finish of file.skins) {
    if (seen.has(finish.name)) continue; // Doppler phases share one market hash name
    seen.add(finish.name);
    const starred = isKnife(finish.weapon) || isGloves(finish.weapon);
    const weaponClass = weaponClassOf(finish.weapon);
    const variants = finish.stattrak ? [false, true] : [false];
    for (const stattrak of variants) {
      for (const wear of wearsOf(finish)) {
        const prefix = `${starred ? '★ ' : ''}${stattrak ? 'StatTrak™ ' : ''}`;
        items.push({
          marketHashName: `${prefix}${finish.name} (${wear.name})`,
          ruName: `${prefix}${finish.name} (${wear.ru})`,
          finishName: finish.name,
          weapon: finish.weapon,
          rarity: finish.rarity,
          weaponClass,
          wear,
          stattrak,
          starred,
          floatRange: {
            min: Math.max(finish.min_float, wear.min),
            max: Math.min(finish.max_float, wear.max),
          },
        });
      }
    }
  }
  for (const crate of file.cases) {
    if (seen.has(crate.name)) continue;
    seen.add(crate.name);
    items.push({
      marketHashName: crate.name,
      ruName: caseRuName(crate.name),
      finishName: crate.name,
      weapon: null,
      rarity: 'Base Grade',
      weaponClass: 'Cases',
      wear: null,
      stattrak: false,
      starred: false,
      floatRange: null,
    });
  }
  return items;
}
