import { describe, expect, it } from 'vitest';

import { parseJsonLossless } from './parse-json-lossless.ts';
import { optionalWireIdSchema, wireIdSchema } from './wire-id.ts';

describe('wireIdSchema', () => {
  it('keeps digit strings and safe numbers as strings', () => {
    expect(wireIdSchema.parse('76561198000000002')).toBe('76561198000000002');
    expect(wireIdSchema.parse(136285662)).toBe('136285662');
    expect(optionalWireIdSchema.parse('')).toBeNull();
    expect(optionalWireIdSchema.parse(undefined)).toBeNull();
    expect(optionalWireIdSchema.parse(0)).toBe('0');
  });

  it('refuses a number past 2^53 (already rounded) and takes the lossless parse of the same text', () => {
    const text = '{"id":76561198000000002}';
    expect(wireIdSchema.safeParse((JSON.parse(text) as { id: number }).id).success).toBe(false);
    expect(optionalWireIdSchema.safeParse((JSON.parse(text) as { id: number }).id).success).toBe(false);
    expect(wireIdSchema.parse((parseJsonLossless(text) as { id: string }).id)).toBe('76561198000000002');
  });
});
