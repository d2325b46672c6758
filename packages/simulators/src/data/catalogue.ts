import { CATALOGUE_ROWS } from './catalogue-data.ts';

/** One market hash name the simulated market trades, with its Steam class and a reference price. */
export interface CatalogueItem {
  marketHashName: string;
  /** The name as the Russian site shows it (wear translated). */
  ruName: string;
  classid: string;
  instanceid: string;
  rarity: string;
  /** "StatTrak™", "★", "★ StatTrak™" or "Normal". */
  quality: string;
  /** Rifle, Pistol, Knife, Gloves, Container, ... */
  type: string;
  /** Reference price in kopecks: the simulated players list around it. */
  refPriceKopecks: number;
}

const RU_WEARS: Record<string, string> = {
  'Factory New': 'Прямо с завода',
  'Minimal Wear': 'Немного поношенное',
  'Field-Tested': 'После полевых испытаний',
  'Well-Worn': 'Поношенное',
  'Battle-Scarred': 'Закалённое в боях',
};

const TYPE_BY_WEAPON: [RegExp, string][] = [
  [/Knife|Karambit|Bayonet|Daggers/, 'Knife'],
  [/Gloves|Hand Wraps/, 'Gloves'],
  [/AWP|SSG 08|SCAR-20|G3SG1/, 'Sniper Rifle'],
  [/AK-47|M4A4|M4A1-S|AUG|SG 553|FAMAS|Galil AR/, 'Rifle'],
  [/MAC-10|MP5-SD|MP7|MP9|P90|PP-Bizon|UMP-45/, 'SMG'],
  [/M249|Negev/, 'Machinegun'],
  [/MAG-7|Nova|Sawed-Off|XM1014/, 'Shotgun'],
];

function typeOf(name: string): string {
  if (!name.includes(' | ')) return 'Container';
  for (const [pattern, type] of TYPE_BY_WEAPON) if (pattern.test(name)) return type;
  return 'Pistol';
}

function qualityOf(name: string): string {
  const star = name.startsWith('★');
  const stattrak = name.includes('StatTrak™');
  if (star && stattrak) return '★ StatTrak™';
  if (star) return '★';
  return stattrak ? 'StatTrak™' : 'Normal';
}

function ruNameOf(name: string): string {
  return name.replace(/\(([^)]+)\)$/, (whole, wear: string) => (RU_WEARS[wear] ? `(${RU_WEARS[wear]})` : whole));
}

/** The simulators' item list, indexed by market hash name and by `classid_instanceid`. */
export class Catalogue {
  readonly items: readonly CatalogueItem[];
  private readonly byName = new Map<string, CatalogueItem>();
  private readonly byClassInstance = new Map<string, CatalogueItem>();

  constructor(items: readonly CatalogueItem[]) {
    this.items = items;
    for (const item of items) {
      this.byName.set(item.marketHashName, item);
      this.byClassInstance.set(`${item.classid}_${item.instanceid}`, item);
    }
  }

  byHashName(name: string): CatalogueItem | undefined {
    return this.byName.get(name);
  }

  byIds(classid: string, instanceid: string): CatalogueItem | undefined {
    return this.byClassInstance.get(`${classid}_${instanceid}`);
  }
}

let shared: Catalogue | undefined;

/** The catalogue built from catalogue-data.ts (about 700 real CS2 market hash names). */
export function loadCatalogue(): Catalogue {
  shared ??= new Catalogue(
    CATALOGUE_ROWS.map(([marketHashName, classid, instanceid, rarity, refPriceKopecks]) => ({
      marketHashName,
      ruName: ruNameOf(marketHashName),
      classid,
      instanceid,
      rarity,
      quality: qualityOf(marketHashName),
      type: typeOf(marketHashName),
      refPriceKopecks,
    })),
  );
  return shared;
}

/** A few sticker names for the legacy GetStickers call, in both languages. */
export const STICKERS: readonly { id: number; en: string; ru: string }[] = [
  { id: 1, en: 'Sticker | Titan (Holo) | Katowice 2014', ru: 'Наклейка | Titan (голографическая) | Катовице 2014' },
  { id: 2, en: 'Sticker | Crown (Foil)', ru: 'Наклейка | Корона (металлическая)' },
  { id: 3, en: 'Sticker | Howling Dawn', ru: 'Наклейка | Воющий рассвет' },
  { id: 4, en: 'Sticker | Natus Vincere | Stockholm 2021', ru: 'Наклейка | Natus Vincere | Стокгольм 2021' },
  { id: 5, en: 'Sticker | Battle Scarred', ru: 'Наклейка | Боевые шрамы' },
];
