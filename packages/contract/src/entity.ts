import { z } from 'zod';

import type { AnyFieldDef, FieldDef, FieldMap } from './fields.ts';

type ReadOf<D> = D extends FieldDef<infer T, infer _W, infer _O> ? T : never;
type WriteOf<D> = D extends FieldDef<infer _T, infer W, infer _O> ? W : never;
type WritableKeys<F> = { [K in keyof F]: [WriteOf<F[K]>] extends [never] ? never : K }[keyof F];
type OptionalKeys<F> = {
  [K in keyof F]: F[K] extends FieldDef<infer _T, infer _W, true> ? K : never;
}[keyof F];

/** A record as the API answers it. */
export type EntityRecord<F extends FieldMap> = { [K in keyof F]: ReadOf<F[K]> };
/** A validated POST or PUT body. */
export type EntityCreate<F extends FieldMap> = {
  [K in Exclude<WritableKeys<F>, OptionalKeys<F>>]: WriteOf<F[K]>;
} & {
  [K in Extract<WritableKeys<F>, OptionalKeys<F>>]?: WriteOf<F[K]>;
};
/** A validated PATCH body. */
export type EntityPatch<F extends FieldMap> = { [K in WritableKeys<F>]?: WriteOf<F[K]> };

export interface EntityDef<F extends FieldMap = FieldMap> {
  /** Singular snake_case name, used in audit records and the OpenAPI document. */
  name: string;
  title: string;
  fields: F;
  /** A record as the API answers it (a typed object schema, so `.extend()` keeps the field types). */
  schema: z.ZodObject<{ [K in keyof F]: z.ZodType<ReadOf<F[K]>> }>;
  /** Body of POST (and of PUT, which replaces every writable field). */
  createSchema: z.ZodObject & z.ZodType<EntityCreate<F>, unknown>;
  /** Body of PATCH: every writable field optional. */
  patchSchema: z.ZodObject & z.ZodType<EntityPatch<F>, unknown>;
}

export function writableFields(fields: FieldMap): [string, AnyFieldDef & { write: z.ZodType }][] {
  return Object.entries(fields).filter(
    (entry): entry is [string, AnyFieldDef & { write: z.ZodType }] => entry[1].write !== null,
  );
}

export function defineEntity<F extends FieldMap>(name: string, title: string, fields: F): EntityDef<F> {
  const read: Record<string, z.ZodType> = {};
  const create: Record<string, z.ZodType> = {};
  const patch: Record<string, z.ZodType> = {};
  for (const [key, def] of Object.entries(fields)) {
    read[key] = def.description ? def.read.describe(def.description) : def.read;
  }
  for (const [key, def] of writableFields(fields)) {
    create[key] = def.optional ? def.write.optional() : def.write;
    patch[key] = def.write.optional();
  }
  // The object schemas are built from the same field list the types are computed from.
  return {
    name,
    title,
    fields,
    schema: z.object(read) as unknown as EntityDef<F>['schema'],
    createSchema: z.object(create) as unknown as EntityDef<F>['createSchema'],
    patchSchema: z.object(patch) as unknown as EntityDef<F>['patchSchema'],
  };
}
