import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { maybe, numberish } from './wire.ts';
import { checkInSlices, SLICED_CHECK_MIN_ROWS } from './check-in-slices.ts';

const row = z.object({ market_hash_name: z.string(), min_price: maybe(numberish), quantity: z.number() });
const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    market_hash_name: `AK-47 | Redline #${i}`,
    min_price: i % 3 === 0 ? null : 12.5 + i,
    quantity: i % 97,
    extra: 'stripped by z.object',
  }));
const envelope = z.looseObject({
  time: z.number().nullish(),
  items: z
    .record(z.string(), z.looseObject({ price: z.string().nullish(), market_hash_name: z.string() }))
    .nullish(),
});
const record = (n: number) =>
  Object.fromEntries(
    Array.from({ length: n }, (_, i) => [
      `${i}_0`,
      { price: `${i}.5`, market_hash_name: `M4A4 #${i}`, x: i },
    ]),
  );

describe('checkInSlices', () => {
  it('gives what safeParse gives for a long list, a long list in a member, and short ones', async () => {
    const n = SLICED_CHECK_MIN_ROWS + 500;
    const cases: [z.ZodType, unknown][] = [
      [z.array(row), rows(n)],
      [z.array(row), rows(10)],
      [z.object({ success: z.boolean(), items: z.array(row).nullish() }), { success: true, items: rows(n) }],
      [z.object({ success: z.boolean(), items: z.array(row).nullish() }), { success: true, items: null }],
      [envelope, { time: 1700000000, currency: 'RUB', items: record(n) }],
      [envelope, { time: 1700000000, items: record(3) }],
    ];
    for (const [schema, value] of cases) {
      const expected = schema.safeParse(value);
      expect(await checkInSlices(schema, value)).toEqual({ success: true, data: expected.data });
    }
  });

  it('refuses a bad row with the path safeParse gives its first issue', async () => {
    const list = rows(SLICED_CHECK_MIN_ROWS + 500);
    (list[2100] as { quantity: unknown }).quantity = 'many';
    const sliced = await checkInSlices(z.array(row), list);
    expect(sliced.success).toBe(false);
    const whole = z.array(row).safeParse(list);
    expect(!sliced.success && sliced.issues[0]).toEqual(whole.error?.issues[0]);

    const items = record(SLICED_CHECK_MIN_ROWS + 1);
    (items['7_0'] as { market_hash_name: unknown }).market_hash_name = 7;
    const inRecord = await checkInSlices(envelope, { time: 1, items });
    expect(!inRecord.success && inRecord.issues[0]?.path).toEqual(['items', '7_0', 'market_hash_name']);
  });

  it('refuses a bad envelope around a long list as safeParse does', async () => {
    const value = { time: 'yesterday', items: record(SLICED_CHECK_MIN_ROWS) };
    const sliced = await checkInSlices(envelope, value);
    expect(!sliced.success && sliced.issues).toEqual(envelope.safeParse(value).error?.issues);
  });

  it('gives the event loop turns while 100,000 rows are checked', async () => {
    const list = rows(100_000);
    let ticks = 0;
    let running = true;
    const tick = () => {
      ticks += 1;
      if (running) setImmediate(tick);
    };
    setImmediate(tick);
    const result = await checkInSlices(z.array(row), list);
    running = false;
    expect(result.success).toBe(true);
    expect(ticks).toBeGreaterThan(5);
  });
});
