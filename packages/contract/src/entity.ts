import { z } from 'zod';

import type { FieldDef, FieldMap } from './fields.ts';

export interface EntityDef<F extends FieldMap = FieldMap> {
  /** Singular snake_case name, used in audit records and the OpenAPI document. */
  name: string;
  title: string;
  fields: F;
  /** A record as the API answers it. */
  schema: z.ZodObject;
  /** Body of POST (and of PUT, which replaces every writable field). */
  createSchema: z.ZodObject;
  /** Body of PATCH: every writable field optional. */
  patchSchema: z.ZodObject;
}

export function writableFields(fields: FieldMap): [string, FieldDef & { write: z.ZodType }][] {
  return Object.entries(fields).filter(
    (entry): entry is [string, FieldDef & { write: z.ZodType }] => entry[1].write !== null,
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
  return {
    name,
    title,
    fields,
    schema: z.object(read),
    createSchema: z.object(create),
    patchSchema: z.object(patch),
  };
}
