import { z } from 'zod';

/**
 * Field definitions: the one description of an entity's field, from which the contract derives the wire
 * schemas (read, create, put, patch) and the server derives its columns and filters. Wire names are the
 * spec's snake_case; a foreign key travels as the referenced id (or code, for markets), Django-style.
 */
export type FieldKind =
  | 'id'
  | 'int'
  | 'text'
  | 'bool'
  | 'money'
  | 'rate'
  | 'datetime'
  | 'date'
  | 'enum'
  | 'json'
  | 'int_array'
  | 'text_array'
  | 'fk'
  | 'secret'
  | 'computed';

export interface FieldDef {
  kind: FieldKind;
  /** Schema of the value in a reply. */
  read: z.ZodType;
  /** Schema of the value in a request body; null when clients cannot write the field. */
  write: z.ZodType | null;
  /** True when a create may leave the field out (it has a default or may be null). */
  optional: boolean;
  /** The referenced table for a foreign key. */
  references?: string;
  /** The enum values, for filters and the OpenAPI document. */
  values?: readonly string[];
  description?: string;
}

interface CommonOptions {
  nullable?: boolean;
  description?: string;
}

function finish(
  kind: FieldKind,
  read: z.ZodType,
  write: z.ZodType | null,
  opts: CommonOptions & { hasDefault?: boolean },
  extra: Partial<FieldDef> = {},
): FieldDef {
  const nullable = opts.nullable ?? false;
  return {
    kind,
    read: nullable ? read.nullable() : read,
    write: write === null ? null : nullable ? write.nullable() : write,
    optional: nullable || (opts.hasDefault ?? false),
    description: opts.description,
    ...extra,
  };
}

const decimalPattern = (decimals: number) => new RegExp(`^-?\\d{1,12}(\\.\\d{1,${decimals}})?$`);

/** A decimal amount: accepted as a JSON string or number, kept and answered as a decimal string. */
function decimalSchema(decimals: number, message: string) {
  const pattern = decimalPattern(decimals);
  return z.union([z.string(), z.number()]).transform((value, ctx) => {
    // A JSON number is turned into its shortest decimal text before any arithmetic happens.
    const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
    if (!pattern.test(text)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return text;
  });
}

export const moneyInputSchema = decimalSchema(
  2,
  'Введите сумму: не более 12 цифр до точки и 2 после (Enter an amount with at most 2 decimals)',
);
export const rateInputSchema = decimalSchema(
  6,
  'Введите курс: не более 6 знаков после точки (Enter a rate with at most 6 decimals)',
);

export const field = {
  id: (): FieldDef => finish('id', z.number().int(), null, {}),
  int: (o: CommonOptions & { min?: number; max?: number; default?: number } = {}): FieldDef => {
    let s = z.number().int();
    s = s.min(o.min ?? -2147483648).max(o.max ?? 2147483647);
    return finish('int', z.number().int(), s, { ...o, hasDefault: o.default !== undefined });
  },
  text: (
    o: CommonOptions & {
      max?: number;
      min?: number;
      default?: string;
      pattern?: RegExp;
      patternMessage?: string;
    } = {},
  ): FieldDef => {
    let s = z
      .string()
      .trim()
      .max(o.max ?? 255);
    if (o.min !== undefined) s = s.min(o.min);
    if (o.pattern) s = s.regex(o.pattern, o.patternMessage);
    return finish('text', z.string(), s, { ...o, hasDefault: o.default !== undefined });
  },
  bool: (o: CommonOptions & { default?: boolean } = {}): FieldDef =>
    finish('bool', z.boolean(), z.boolean(), { ...o, hasDefault: o.default !== undefined }),
  money: (o: CommonOptions & { default?: string; positive?: boolean } = {}): FieldDef => {
    const write = o.positive
      ? moneyInputSchema.refine((v) => !v.startsWith('-') && /[1-9]/.test(v), 'Сумма должна быть больше нуля')
      : moneyInputSchema;
    return finish('money', z.string(), write, { ...o, hasDefault: o.default !== undefined });
  },
  rate: (o: CommonOptions & { default?: string } = {}): FieldDef =>
    finish('rate', z.string(), rateInputSchema, { ...o, hasDefault: o.default !== undefined }),
  datetime: (o: CommonOptions & { readOnly?: boolean; hasDefault?: boolean } = {}): FieldDef =>
    finish('datetime', z.string(), o.readOnly ? null : z.iso.datetime({ offset: true }), o),
  date: (o: CommonOptions & { hasDefault?: boolean } = {}): FieldDef =>
    finish('date', z.string(), z.iso.date(), o),
  enum: <const T extends readonly [string, ...string[]]>(
    values: T,
    o: CommonOptions & { default?: T[number] } = {},
  ): FieldDef =>
    finish('enum', z.enum(values), z.enum(values), { ...o, hasDefault: o.default !== undefined }, { values }),
  json: (schema: z.ZodType, o: CommonOptions & { hasDefault?: boolean; readOnly?: boolean } = {}): FieldDef =>
    finish('json', schema, o.readOnly ? null : schema, o),
  /** A list of ids of another table (tags), checked to exist on write. */
  intArray: (references: string, o: CommonOptions & { max?: number } = {}): FieldDef =>
    finish(
      'int_array',
      z.array(z.number().int()),
      z.array(z.number().int().positive()).max(o.max ?? 100),
      { ...o, hasDefault: true },
      { references },
    ),
  textArray: (o: CommonOptions & { max?: number; itemMax?: number } = {}): FieldDef =>
    finish(
      'text_array',
      z.array(z.string()),
      z
        .array(
          z
            .string()
            .trim()
            .min(1)
            .max(o.itemMax ?? 255),
        )
        .max(o.max ?? 100),
      {
        ...o,
        hasDefault: true,
      },
    ),
  /** A foreign key by integer id. */
  fk: (references: string, o: CommonOptions = {}): FieldDef =>
    finish('fk', z.number().int(), z.number().int().positive(), o, { references }),
  /** A foreign key to the markets table by market code. */
  marketCode: (values: readonly [string, ...string[]], o: CommonOptions = {}): FieldDef =>
    finish('fk', z.enum(values), z.enum(values), o, { references: 'market', values }),
  /** Write-only secret: the request carries the plain value, a reply shows at most a mask like ••••3f9a. */
  secret: (o: CommonOptions & { max?: number } = {}): FieldDef =>
    finish(
      'secret',
      z.string().nullable(),
      z
        .string()
        .max(o.max ?? 4096)
        .nullable(),
      { ...o, nullable: false, hasDefault: true },
    ),
  /** Answered by the server, computed from other rows; never written. */
  computed: (schema: z.ZodType, o: CommonOptions = {}): FieldDef => finish('computed', schema, null, o),
  createdAt: (): FieldDef => finish('datetime', z.string(), null, {}),
  /** A stored column only the server sets (who recorded a row, for example). */
  readOnlyText: (o: CommonOptions = {}): FieldDef => finish('text', z.string(), null, o),
};

export type FieldMap = Record<string, FieldDef>;
