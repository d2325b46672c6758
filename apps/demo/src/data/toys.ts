import type { RecordStatus, ToyLabel } from '@toydesk/contract';
import { bulkInsert } from '@toydesk/db';

import { idsByKey, requireId } from './ids-by-key.ts';
import type { DemoContext } from './demo-context.ts';
import type { CatalogueItem, WeaponClass } from './item-catalogue.ts';
import type { Random } from './prng.ts';
import type { DemoTags } from './tags-and-groups.ts';

/** The toys: one row per catalogue item, with Steam-like class and instance ids, labels and tags. */

export interface DemoToy {
  id: number;
  item: CatalogueItem;
  classid: string;
  instance: string;
  classidInstanceid: string;
  recordStatus: RecordStatus;
}

/** Instance ids that real CS2 items often carry; most items have instance 0. */
const COMMON_INSTANCES = ['188530139', '302028390', '480085569', '519977179', '143865972'];

const LABEL_WEIGHTS: [ToyLabel, number][] = [
  ['normal', 900],
  ['new', 30],
  ['rare', 20],
  ['danger', 15],
  ['manipulate', 12],
  ['confirmation', 10],
  ['unknown', 13],
];

export const RECORD_STATUS_WEIGHTS: [RecordStatus, number][] = [
  ['normal', 960],
  ['outdated', 20],
  ['locked', 10],
  ['very_outdated', 7],
  ['totally_outdated', 3],
];

function labelOf(item: CatalogueItem, rng: Random): ToyLabel {
  if ((item.starred || item.rarity === 'Contraband') && rng.chance(0.15)) return 'rare';
  return rng.weighted(LABEL_WEIGHTS);
}

export async function seedToys(
  ctx: DemoContext,
  catalogue: CatalogueItem[],
  groups: Map<WeaponClass, number>,
  tags: DemoTags,
): Promise<DemoToy[]> {
  const rng = ctx.rng('toys');
  const toyTags = tags.forTarget('toys');
  const classids = new Set<string>();
  const plans = catalogue.map((item) => {
    let classid: string;
    do classid = rng.idDigits(rng.chance(0.7) ? 10 : 9);
    while (classids.has(classid));
    classids.add(classid);
    const instance = rng.chance(0.6) ? '0' : rng.pick(COMMON_INSTANCES);
    const recordStatus = rng.weighted(RECORD_STATUS_WEIGHTS);
    const row = {
      market_hash_name: item.marketHashName,
      classid,
      instance,
      classid_instanceid: `${classid}_${instance}`,
      // The data set's image URLs point at retired CDN paths; the console shows a placeholder.
      icon_url: null,
      icon_url_large: null,
      ru_name: item.ruName,
      label: labelOf(item, rng),
      rarity: item.rarity,
      weapon: item.weapon,
      group: groups.get(item.weaponClass) ?? null,
      tags: rng.chance(0.06) ? rng.shuffle(toyTags).slice(0, rng.int(1, 2)) : [],
      ignore_price: rng.chance(0.01),
      record_status: recordStatus,
    };
    return { item, row };
  });
  const inserted = await bulkInsert<{ id: number; market_hash_name: string }>(
    ctx.tx,
    'toy',
    {
      market_hash_name: 'text',
      classid: 'text',
      instance: 'text',
      classid_instanceid: 'text',
      icon_url: 'text',
      icon_url_large: 'text',
      ru_name: 'text',
      label: 'text',
      rarity: 'text',
      weapon: 'text',
      group: 'integer',
      tags: 'integer[]',
      ignore_price: 'boolean',
      record_status: 'text',
    },
    plans.map((p) => p.row),
    { returning: ['id', 'market_hash_name'] },
  );
  const ids = idsByKey(inserted, (r) => r.market_hash_name);
  return plans.map(({ item, row }) => ({
    id: requireId(ids, item.marketHashName),
    item,
    classid: row.classid,
    instance: row.instance,
    classidInstanceid: row.classid_instanceid,
    recordStatus: row.record_status,
  }));
}
