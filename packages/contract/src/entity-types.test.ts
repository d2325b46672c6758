import { describe, expectTypeOf, it, expect } from 'vitest';

import type { MarketAccount, MarketAccountCreate, Toy, ToyCreate, ToyPatch } from './index.ts';
import { toyEntity } from './index.ts';

describe('entity types are inferred from the field definitions', () => {
  it('types replies, creates and patches', () => {
    expectTypeOf<Toy['market_hash_name']>().toEqualTypeOf<string>();
    expectTypeOf<Toy['ru_name']>().toEqualTypeOf<string | null>();
    expectTypeOf<Toy['label']>().toEqualTypeOf<
      'normal' | 'new' | 'rare' | 'unknown' | 'confirmation' | 'manipulate' | 'danger'
    >();
    expectTypeOf<Toy['tags']>().toEqualTypeOf<number[]>();
    expectTypeOf<ToyCreate>().toHaveProperty('market_hash_name');
    expectTypeOf<ToyCreate>().not.toHaveProperty('id');
    expectTypeOf<ToyCreate>().not.toHaveProperty('created_at');
    expectTypeOf<ToyPatch['market_hash_name']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<MarketAccount['api_key']>().toEqualTypeOf<string | null>();
    expectTypeOf<MarketAccount['label']>().toEqualTypeOf<string>();
    expectTypeOf<MarketAccountCreate>().not.toHaveProperty('label');
    const parsed = toyEntity.createSchema.parse({ market_hash_name: 'AWP | Asiimov (Field-Tested)' });
    expectTypeOf(parsed.market_hash_name).toEqualTypeOf<string>();
    expect(parsed.market_hash_name).toBe('AWP | Asiimov (Field-Tested)');
  });
});
