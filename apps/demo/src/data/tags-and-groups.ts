import type { Scope, TagTarget } from '@toydesk/contract';
import { bulkInsert } from '@toydesk/db';

import { idsByKey, requireId } from './ids-by-key.ts';
import type { DemoContext } from './demo-context.ts';
import { WEAPON_CLASSES, WEAPON_CLASS_DESCRIPTIONS, type WeaponClass } from './item-catalogue.ts';

/** Tags (with colours and targets) and the toy groups, one per weapon class. */

interface TagSpec {
  name: string;
  color: string;
  scope: Scope;
  target: TagTarget | null;
  description: string | null;
}

const TAGS: TagSpec[] = [
  {
    name: 'VIP',
    color: '#d32f2f',
    scope: 'shared',
    target: 'market_accounts',
    description: 'Основные торговые аккаунты',
  },
  {
    name: 'High volume',
    color: '#388e3c',
    scope: 'shared',
    target: 'market_accounts',
    description: 'Many deals a day',
  },
  {
    name: 'Reserve',
    color: '#757575',
    scope: 'shared',
    target: 'market_accounts',
    description: 'Запасные аккаунты',
  },
  { name: 'Watchlist', color: '#1976d2', scope: 'shared', target: 'toys', description: 'Следим за ценой' },
  {
    name: 'High liquidity',
    color: '#0097a7',
    scope: 'shared',
    target: 'toys',
    description: 'Sells within hours',
  },
  {
    name: 'Low liquidity',
    color: '#f57c00',
    scope: 'shared',
    target: 'toys',
    description: 'Продаётся медленно',
  },
  { name: 'Sticker craft', color: '#7b1fa2', scope: 'private', target: 'toys', description: null },
  {
    name: 'Do not buy',
    color: '#b71c1c',
    scope: 'shared',
    target: 'market_toys',
    description: 'Не выставлять ордера',
  },
  {
    name: 'Arbitrage',
    color: '#fbc02d',
    scope: 'shared',
    target: 'market_toys',
    description: 'Price gap between markets',
  },
  {
    name: 'Manual price',
    color: '#5d4037',
    scope: 'private',
    target: 'market_toys',
    description: 'Цена задана вручную',
  },
  { name: 'Main', color: '#2e7d32', scope: 'shared', target: null, description: null },
  { name: 'Farm', color: '#455a64', scope: 'shared', target: null, description: 'Фарм-аккаунты' },
  { name: 'New batch', color: '#00838f', scope: 'shared', target: null, description: 'Bought this month' },
];

export interface DemoTags {
  /** Tag ids meant for one target (market_accounts, toys, market_toys) or for anything (null). */
  forTarget(target: TagTarget | null): number[];
}

export async function seedTags(ctx: DemoContext): Promise<DemoTags> {
  const rows = await bulkInsert<{ id: number; name: string }>(
    ctx.tx,
    'tag',
    { name: 'text', color: 'text', scope: 'text', target: 'text', description: 'text' },
    TAGS,
    { returning: ['id', 'name'] },
  );
  const ids = idsByKey(rows, (r) => r.name);
  return {
    forTarget: (target) => TAGS.filter((t) => t.target === target).map((t) => requireId(ids, t.name)),
  };
}

export async function seedToyGroups(ctx: DemoContext): Promise<Map<WeaponClass, number>> {
  const rows = await bulkInsert<{ id: number; name: string }>(
    ctx.tx,
    'toy_group',
    { name: 'text', description: 'text' },
    WEAPON_CLASSES.map((name) => ({ name, description: WEAPON_CLASS_DESCRIPTIONS[name] })),
    // Groups of these names may exist already (an operator's own): reuse them.
    { returning: ['id', 'name'], onConflict: { key: ['name'], existing: 'return' } },
  );
  const ids = idsByKey(rows, (r) => r.name);
  return new Map(WEAPON_CLASSES.map((name) => [name, requireId(ids, name)]));
}
