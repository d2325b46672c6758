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

/**
 * T is the value's type in a reply, W its type in a request body after validation (never when clients cannot
 * write it), O whether a create may leave it out. The types only serve inference; the schemas carry the rules.
 */
export interface FieldDef<T = unknown, W = unknown, O extends boolean = boolean> {
  kind: FieldKind;
  /** Schema of the value in a reply. */
  read: z.ZodType<T>;
  /** Schema of the value in a request body; null when clients cannot write the field. */
  write: z.ZodType<W, unknown> | null;
  /** True when a create may leave the field out (it has a default or may be null). */
  optional: O;
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

type Nullable<T, Opts> = Opts extends { nullable: true } ? T | null : T;
type OptionalOnCreate<Opts> = Opts extends { nullable: true }
  ? true
  : Opts extends { default: unknown }
    ? true
    : Opts extends { hasDefault: true }
      ? true
      : false;
/** The field type a helper returns for its options. */
type Typed<T, Opts, Writable extends boolean = true> = FieldDef<
  Nullable<T, Opts>,
  Writable extends true ? Nullable<T, Opts> : never,
  OptionalOnCreate<Opts>
>;

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

function text<
  const Opts extends CommonOptions & {
    max?: number;
    min?: number;
    default?: string;
    pattern?: RegExp;
    patternMessage?: string;
  },
>(o: Opts = {} as Opts): Typed<string, Opts> {
  let s = z
    .string()
    .trim()
    .max(o.max ?? 255);
  if (o.min !== undefined) s = s.min(o.min);
  if (o.pattern) s = s.regex(o.pattern, o.patternMessage);
  return finish('text', z.string(), s, { ...o, hasDefault: o.default !== undefined }) as Typed<string, Opts>;
}

/** A time the server sets (a row's creation or last change), never written by a client. */
const serverTime = () => finish('datetime', z.string(), null, {}) as FieldDef<string, never, false>;

export const field = {
  id: () => finish('id', z.number().int(), null, {}) as FieldDef<number, never, false>,
  int: <const Opts extends CommonOptions & { min?: number; max?: number; default?: number }>(
    o: Opts = {} as Opts,
  ): Typed<number, Opts> => {
    let s = z.number().int();
    s = s.min(o.min ?? -2147483648).max(o.max ?? 2147483647);
    return finish('int', z.number().int(), s, { ...o, hasDefault: o.default !== undefined }) as Typed<
      number,
      Opts
    >;
  },
  text,
  /** A whole number kept as text (Steam's asset ids, classids, instanceids: 64-bit, never a JS number). */
  digits: <const Opts extends CommonOptions & { max?: number; min?: number }>(o: Opts = {} as Opts) =>
    text({ ...o, pattern: /^\d+$/, patternMessage: 'Только цифры (digits only)' }),
  /** Steam's `<classid>_<instanceid>` key of an item kind, the same message on every entity. */
  classidInstanceid: () =>
    text({
      max: 65,
      nullable: true,
      pattern: /^\d+_\d+$/,
      patternMessage: 'Формат classid_instanceid (digits_digits)',
    }),
  bool: <const Opts extends CommonOptions & { default?: boolean }>(o: Opts = {} as Opts) =>
    finish('bool', z.boolean(), z.boolean(), { ...o, hasDefault: o.default !== undefined }) as Typed<
      boolean,
      Opts
    >,
  money: <const Opts extends CommonOptions & { default?: string; positive?: boolean }>(
    o: Opts = {} as Opts,
  ): Typed<string, Opts> => {
    const write = o.positive
      ? moneyInputSchema.refine((v) => !v.startsWith('-') && /[1-9]/.test(v), 'Сумма должна быть больше нуля')
      : moneyInputSchema;
    return finish('money', z.string(), write, { ...o, hasDefault: o.default !== undefined }) as Typed<
      string,
      Opts
    >;
  },
  rate: <const Opts extends CommonOptions & { default?: string }>(o: Opts = {} as Opts) =>
    finish('rate', z.string(), rateInputSchema, { ...o, hasDefault: o.default !== undefined }) as Typed<
      string,
      Opts
    >,
  datetime: <const Opts extends CommonOptions & { hasDefault?: boolean }>(o: Opts = {} as Opts) =>
    finish('datetime', z.string(), z.iso.datetime({ offset: true }), o) as Typed<string, Opts>,
  date: <const Opts extends CommonOptions & { hasDefault?: boolean }>(o: Opts = {} as Opts) =>
    finish('date', z.string(), z.iso.date(), o) as Typed<string, Opts>,
  enum: <
    const T extends readonly [string, ...string[]],
    const Opts extends CommonOptions & { default?: T[number] },
  >(
    values: T,
    o: Opts = {} as Opts,
  ) =>
    finish(
      'enum',
      z.enum(values),
      z.enum(values),
      { ...o, hasDefault: o.default !== undefined },
      { values },
    ) as Typed<T[number], Opts>,
  json: <
    S extends z.ZodType,
    const Opts extends CommonOptions & { hasDefault?: boolean; readOnly?: boolean },
  >(
    schema: S,
    o: Opts = {} as Opts,
  ) =>
    finish('json', schema, o.readOnly ? null : schema, o) as Typed<
      z.output<S>,
      Opts,
      Opts extends { readOnly: true } ? false : true
    >,
  /** A list of ids of another table (tags), checked to exist on write. */
  intArray: (references: string, o: CommonOptions & { max?: number } = {}) =>
    finish(
      'int_array',
      z.array(z.number().int()),
      z.array(z.number().int().positive()).max(o.max ?? 100),
      { ...o, hasDefault: true },
      { references },
    ) as FieldDef<number[], number[], true>,
  textArray: (o: CommonOptions & { max?: number; itemMax?: number } = {}) =>
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
    ) as FieldDef<string[], string[], true>,
  /** A foreign key by integer id. */
  fk: <const Opts extends CommonOptions>(references: string, o: Opts = {} as Opts) =>
    finish('fk', z.number().int(), z.number().int().positive(), o, { references }) as Typed<number, Opts>,
  /** A foreign key to the markets table by market code. */
  marketCode: <const T extends readonly [string, ...string[]], const Opts extends CommonOptions>(
    values: T,
    o: Opts = {} as Opts,
  ) =>
    finish('fk', z.enum(values), z.enum(values), o, { references: 'market', values }) as Typed<
      T[number],
      Opts
    >,
  /** Write-only secret: the request carries the plain value, a reply shows at most a mask like ••••3f9a. */
  secret: (o: { max?: number; description?: string } = {}) =>
    finish(
      'secret',
      z.string().nullable(),
      z
        .string()
        .max(o.max ?? 4096)
        .nullable(),
      { ...o, nullable: false, hasDefault: true },
    ) as FieldDef<string | null, string | null, true>,
  /** Answered by the server, computed from other rows; never written. */
  computed: <S extends z.ZodType>(schema: S, o: { description?: string } = {}) =>
    finish('computed', schema, null, o) as FieldDef<z.output<S>, never, false>,
  createdAt: serverTime,
  /** `created_at` and `updated_at` of a record that is edited after it is made: spread last into its fields. */
  timestamps: () => ({ created_at: serverTime(), updated_at: serverTime() }),
  /** A stored column only the server sets (who recorded a row, for example). */
  readOnlyText: <const Opts extends CommonOptions>(o: Opts = {} as Opts) =>
    finish('text', z.string(), null, o) as Typed<string, Opts, false>,
};

// Any field, whatever its types: the constraint of an entity's field map.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- variance: FieldDef<T, W> is invariant in W
export type AnyFieldDef = FieldDef<any, any, boolean>;
export type FieldMap = Record<string, AnyFieldDef>;
