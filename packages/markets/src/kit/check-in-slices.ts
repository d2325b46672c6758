import { mapInSlices } from '@toydesk/http';
import { z } from 'zod';

/** From this many rows on, a list is checked in slices; a short one in one go is faster. */
export const SLICED_CHECK_MIN_ROWS = 2000;

type Issue = z.core.$ZodIssue;
type Checked<S extends z.ZodType> =
  { success: true; data: z.output<S> } | { success: false; issues: Issue[] };

class RowRefused extends Error {
  constructor(readonly issues: Issue[]) {
    super('row refused');
  }
}

/**
 * `schema.safeParse(value)` for answers that hold one long list (a price list of 100,000 rows): one schema
 * pass over Skinport's 20 MB item list holds the event loop for over a second on a loaded machine, longer
 * than the parse. When the answer is such a list (`z.array`), or an object whose member is one (an array,
 * or a `z.record` keyed by strings, optional or nullable), the rest of the answer is checked as the schema
 * says and the list row by row, in slices that give the loop turns. The same data as safeParse; on a
 * refusal, the issues of the first refused row (safeParse would list every row's).
 */
export async function checkInSlices<S extends z.ZodType>(schema: S, value: unknown): Promise<Checked<S>> {
  const whole = (): Checked<S> => {
    const result = schema.safeParse(value);
    return result.success
      ? { success: true, data: result.data }
      : { success: false, issues: result.error.issues };
  };
  if (schema instanceof z.ZodArray) {
    if (!Array.isArray(value) || value.length < SLICED_CHECK_MIN_ROWS) return whole();
    // The element's outputs, in order, are what the array schema outputs.
    return rowsChecked(async () => (await checkArray(schema.element as z.ZodType, value, [])) as z.output<S>);
  }
  if (!(schema instanceof z.ZodObject) || !isPlainObject(value)) return whole();
  const member = Object.keys(schema.shape as Record<string, z.ZodType>).find((key) =>
    isLongList(listSchemaOf((schema.shape as Record<string, z.ZodType>)[key]!), value[key]),
  );
  if (member === undefined) return whole();
  const list = listSchemaOf((schema.shape as Record<string, z.ZodType>)[member]!)!;
  const envelope = schema.extend({ [member]: z.unknown() }).safeParse(value);
  if (!envelope.success) return { success: false, issues: envelope.error.issues };
  return rowsChecked(async () => {
    const rows =
      list instanceof z.ZodArray
        ? await checkArray(list.element as z.ZodType, value[member] as unknown[], [member])
        : await checkRecord(list, value[member] as Record<string, unknown>, [member]);
    const data = envelope.data as Record<string, unknown>;
    data[member] = rows;
    return data as z.output<S>;
  });
}

async function rowsChecked<T>(
  check: () => Promise<T>,
): Promise<{ success: true; data: T } | { success: false; issues: Issue[] }> {
  try {
    return { success: true, data: await check() };
  } catch (error) {
    if (error instanceof RowRefused) return { success: false, issues: error.issues };
    throw error;
  }
}

function checkArray(row: z.ZodType, rows: unknown[], at: PropertyKey[]): Promise<unknown[]> {
  return mapInSlices(rows, (value, index) => checkRow(row, value, [...at, index]));
}

async function checkRecord(
  record: z.ZodRecord,
  rows: Record<string, unknown>,
  at: PropertyKey[],
): Promise<Record<string, unknown>> {
  const keyType = record.keyType as z.ZodType;
  const valueType = record.valueType as z.ZodType;
  const entries = await mapInSlices(Object.entries(rows), ([key, value]): [string, unknown] => [
    checkRow(keyType, key, [...at, key]) as string,
    checkRow(valueType, value, [...at, key]),
  ]);
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    // As JSON.parse would: `__proto__` stays a member, not the object's prototype.
    Object.defineProperty(out, key, { value, writable: true, enumerable: true, configurable: true });
  }
  return out;
}

function checkRow(schema: z.ZodType, value: unknown, at: PropertyKey[]): unknown {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new RowRefused(result.error.issues.map((issue) => ({ ...issue, path: [...at, ...issue.path] })));
}

/** The array or string-keyed record under optional / nullable wrappers, or null. */
function listSchemaOf(schema: z.ZodType): z.ZodArray | z.ZodRecord | null {
  let inner: z.ZodType = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable)
    inner = inner.unwrap() as z.ZodType;
  if (inner instanceof z.ZodArray) return inner;
  if (inner instanceof z.ZodRecord && inner.keyType instanceof z.ZodString) return inner;
  return null;
}

function isLongList(list: z.ZodArray | z.ZodRecord | null, value: unknown): boolean {
  if (list instanceof z.ZodArray) return Array.isArray(value) && value.length >= SLICED_CHECK_MIN_ROWS;
  if (list === null || !isPlainObject(value)) return false;
  let rows = 0;
  for (const key in value) {
    if (Object.hasOwn(value, key) && ++rows >= SLICED_CHECK_MIN_ROWS) return true;
  }
  return false;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
