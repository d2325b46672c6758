import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { ApiError, notFound, parseOrThrow, rowError, zodToFieldErrors } from './api-error.ts';

const failure = (schema: z.ZodType, input: unknown): z.ZodError => {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error('expected a failure');
  return parsed.error;
};

describe('DRF error bodies', () => {
  it('puts each field problem under its name and a whole-body problem under non_field_errors', () => {
    const schema = z.object({ name: z.string().min(1), port: z.number().int().max(65535) });
    expect(zodToFieldErrors(failure(schema, { name: '', port: 70000 }))).toEqual({
      name: ['Это поле не может быть пустым. (This field may not be blank.)'],
      port: ['Не больше 65535. (At most 65535.)'],
    });
  });

  const bodyOf = (schema: z.ZodType, input: unknown) => {
    try {
      parseOrThrow(schema, input);
    } catch (error) {
      if (error instanceof ApiError) return error.body;
    }
    throw new Error('expected a 400');
  };

  it('tells a wrong type from a missing field and from null', () => {
    const schema = z.object({ port: z.number(), host: z.string() });
    expect(bodyOf(schema, { port: 'x', host: null })).toEqual({
      port: ['Неверный тип: ожидается number. (Expected number.)'],
      host: ['Это поле не может быть пустым. (This field may not be null.)'],
    });
    expect(bodyOf(schema, { host: 'h' })).toEqual({
      port: ['Обязательное поле. (This field is required.)'],
    });
    expect(bodyOf(schema, 'text')).toEqual({
      non_field_errors: ['Неверный тип: ожидается object. (Expected object.)'],
    });
  });

  it("reports a bulk body's row by its index, nested as DRF does", () => {
    const rows = z.array(z.object({ price: z.number().positive() }));
    expect(zodToFieldErrors(failure(rows, [{ price: 1 }, { price: 2 }, { price: -1 }]))).toEqual({
      '2': { price: ['Не меньше 0. (At least 0.)'] },
    });
    expect(rowError(2, 'price', 'x').body).toEqual({ '2': { price: ['x'] } });
  });

  it('keeps every message of a field that fails twice', () => {
    const schema = z.object({
      code: z
        .string()
        .min(3)
        .regex(/^[a-z]+$/),
    });
    const body = zodToFieldErrors(failure(schema, { code: 'A' }));
    expect(body.code).toHaveLength(2);
  });

  it('names its status and detail', () => {
    const error = notFound();
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(404);
    expect(error.message).toBe('Не найдено. (Not found.)');
  });

  it('gives every failed field of any object a non-empty list of messages (generated input)', () => {
    const schema = z.object({ a: z.string().max(3), b: z.number().int(), c: z.array(z.boolean()).max(2) });
    fc.assert(
      fc.property(fc.object({ maxDepth: 2 }), (input) => {
        const parsed = schema.safeParse(input);
        if (parsed.success) return;
        const body = zodToFieldErrors(parsed.error);
        expect(Object.keys(body).length).toBeGreaterThan(0);
        for (const key of Object.keys(body)) expect(['a', 'b', 'c', 'non_field_errors']).toContain(key);
      }),
    );
  });
});
