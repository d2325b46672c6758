import { queryValue, type EntityDef, type FieldDef, type ListQuery } from '@toydesk/contract';
import { z } from 'zod';

import { auditNameSql, writeAudit } from '../audit/audit-log.ts';
import { VersionedCache, type VersionedTable } from '../data-version/versioned-cache.ts';
import type { Database, Queryable, Row } from '../database.ts';
import { InvalidInput, RowNotFound } from '../errors.ts';
import { reserveRowId } from '../vault/reserve-row-id.ts';
import { isSealedTable } from '../vault/sealed-columns.ts';
import { MASK, maskSql, type Vault } from '../vault/vault.ts';
import { buildFilters, buildOrdering, ownField, type FilterContext, type SearchTerm } from './filters.ts';
import { ident, Params, sqlType } from './sql.ts';

/** How one table is read and written: its contract entity and what the generic queries cannot derive from it. */
export interface EntityTableConfig {
  /** The contract's entity; its name is the table's (`defineEntity('market_toy', ...)`: table market_toy). */
  entity: EntityDef;
  /** SQL for computed fields, over the table alias t. */
  computed?: Record<string, string>;
  /** Columns (or SQL, or conditions) searched by ?search=. */
  search?: SearchTerm[];
  defaultOrdering?: string;
  /** Secret fields whose mask may show the last four characters (API keys); others show only dots. */
  hintSecrets?: string[];
  customFilters?: FilterContext['custom'];
  /**
   * Every table the list reads (its own, and those its computed fields, filters and search read), each of
   * them bumping its data version (migrations 023 and 024): list counts and, in the server, whole list
   * pages are then kept per version instead of computed on every request. Leave it out when the list reads
   * an unversioned table.
   */
  versioned?: readonly VersionedTable[];
  /** Read-only columns that prepare() may set (clients never can). */
  serverSet?: string[];
  /** Adjusts validated write data before it is stored (derived columns, defaults). */
  prepare?: (
    data: Record<string, unknown>,
    ctx: WriteContext,
    existing: Row | null,
  ) => Record<string, unknown>;
}

export interface WriteContext {
  operator: string | null;
}

export interface Assignment {
  column: string;
  /** SQL of the new value (a parameter or an expression over the updated row u). */
  set: string;
  /** SQL of the value shown in the audit log; defaults to the stored new value. */
  audit?: string;
}

/** How many list counts a versioned table keeps (each a number and its filter's text). */
const COUNTS_KEPT = 2000;

/**
 * A secret set on several rows at once: each row's value is sealed for that row (its place is in the
 * ciphertext), so the statement picks the row's own by id.
 */
class SealedPerRow {
  constructor(readonly byId: Record<string, string>) {}
}

export interface ParsedList {
  where: string;
  orderBy: string;
  params: unknown[];
}

/**
 * The repository of one contract entity, its statements built from the entity's fields: listing with
 * DRF-style filters, ordering and search; create, read, replace, patch and delete; bulk updates by ids or
 * by query; upserts. Writes take data the caller validated with the entity's schemas, encrypt secrets and
 * record an audit entry in the same transaction. Refusals are InvalidInput and RowNotFound (../errors.ts).
 */
export class EntityRepository {
  readonly entity: EntityDef;
  readonly table: string;
  readonly columns: [string, FieldDef][];
  readonly selectList: string;
  /** The select expression of each field, for answers with only some fields. */
  readonly selectParts: Record<string, string>;
  private readonly hasUpdatedAt: boolean;
  /** Counts by filter at the table's data version, when the config says it is versioned. */
  private readonly counts: VersionedCache<number> | undefined;

  constructor(
    readonly config: EntityTableConfig,
    readonly db: Database,
    readonly vault: Vault,
  ) {
    this.entity = config.entity;
    this.table = ident(config.entity.name);
    this.columns = Object.entries(config.entity.fields).filter(([, def]) => def.kind !== 'computed');
    this.hasUpdatedAt = 'updated_at' in config.entity.fields;
    this.selectParts = Object.fromEntries(
      Object.entries(config.entity.fields).map(([name, def]) => {
        if (def.kind === 'computed') {
          const expr = config.computed?.[name];
          if (!expr) throw new Error(`${config.entity.name}.${name}: computed field without SQL`);
          return [name, `${expr} AS ${ident(name)}`];
        }
        if (def.kind === 'secret') return [name, `${maskSql(`t.${ident(name)}`)} AS ${ident(name)}`];
        return [name, `t.${ident(name)}`];
      }),
    );
    this.selectList = Object.values(this.selectParts).join(', ');
    this.counts = config.versioned ? new VersionedCache(COUNTS_KEPT, () => 1) : undefined;
  }

  get name(): string {
    return this.entity.name;
  }

  /** The select list without some fields, for a query that computes them its own way. */
  selectListWithout(...names: string[]): string {
    return Object.entries(this.selectParts)
      .filter(([name]) => !names.includes(name))
      .map(([, sql]) => sql)
      .join(', ');
  }

  /** SQL of a field for filters: stored columns only (computed fields filter through custom filters). */
  columnSql = (name: string): string | null => {
    const def = ownField(this.entity.fields, name);
    if (!def || def.kind === 'computed' || def.kind === 'secret' || def.kind === 'json') return null;
    return `t.${ident(name)}`;
  };

  /** SQL of a field for ordering: stored columns and computed scalars. */
  orderingSql = (name: string): string | null => {
    const def = ownField(this.entity.fields, name);
    if (def?.kind === 'computed' && !(def.read instanceof z.ZodArray))
      return this.config.computed?.[name] ?? null;
    return this.columnSql(name);
  };

  /** WHERE and ORDER BY of a list request; params continue from the given ones. */
  parseList(query: ListQuery, params = new Params(), strict = false): ParsedList {
    const clauses = buildFilters(query, {
      fields: this.entity.fields,
      columnSql: this.columnSql,
      search: this.config.search ?? [],
      params,
      custom: this.config.customFilters,
      strict,
    });
    const orderBy = buildOrdering(
      queryValue(query, 'ordering'),
      this.columnSql,
      this.config.defaultOrdering ?? '-id',
    );
    return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', orderBy, params: params.values };
  }

  selectSql(where = '', orderBy = ''): string {
    return `SELECT ${this.selectList} FROM ${this.table} t ${where}${orderBy ? ` ORDER BY ${orderBy}` : ''}`;
  }

  /** The count of a list (where over alias t); the bench compares it with the statement the server sends. */
  countSql(where: string): string {
    return `SELECT count(*)::int AS n FROM ${this.table} t ${where}`;
  }

  /** The count of a list; kept per data version outside transactions (one may not commit what it wrote). */
  async count(q: Queryable, where: string, params: unknown[]): Promise<number> {
    const count = async () => {
      const rows = await q.query<{ n: number }>(this.countSql(where), params);
      return rows[0]?.n ?? 0;
    };
    const tables = this.config.versioned;
    if (!this.counts || !tables || q !== this.db) return count();
    return (await this.counts.get(q, tables, `${where}\u0000${JSON.stringify(params)}`, count)).value;
  }

  async findById(q: Queryable, id: number): Promise<Row | null> {
    const rows = await q.query(this.selectSql('WHERE t.id = $1'), [id]);
    return rows[0] ?? null;
  }

  async findByIds(q: Queryable, ids: number[]): Promise<Row[]> {
    return q.query(this.selectSql('WHERE t.id = ANY($1::int[])', 't.id'), [ids]);
  }

  /** Every row, as the API shows it, in the given order (SQL over alias t). */
  async listAll(orderBy: string): Promise<Row[]> {
    return this.db.query(this.selectSql('', orderBy));
  }

  /** Which of these ids have a row. */
  async existingIds(q: Queryable, ids: number[]): Promise<Set<number>> {
    const found = await q.query<{ id: number }>(`SELECT id FROM ${this.table} WHERE id = ANY($1::int[])`, [
      ids,
    ]);
    return new Set(found.map((r) => r.id));
  }

  async retrieve(id: number): Promise<Row> {
    const row = await this.findById(this.db, id);
    if (!row) throw new RowNotFound();
    return row;
  }

  /**
   * Validated request data to stored column values: secrets sealed for each of `rowIds` (the rows the
   * write sets them on), "" clears a secret. A secret with no row ids is refused: it could not be bound.
   */
  async toColumns(
    q: Queryable,
    data: Record<string, unknown>,
    options: { json?: 'text' | 'raw'; checkReferences?: boolean; keep?: string[]; rowIds?: number[] } = {},
  ): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(data)) {
      const def = this.entity.fields[name];
      if (!def || def.kind === 'computed' || value === undefined) continue;
      if (def.write === null && !this.config.serverSet?.includes(name) && !options.keep?.includes(name))
        continue;
      if (def.kind === 'secret') {
        out[name] = value === null || value === '' ? null : this.sealFor(name, String(value), options.rowIds);
      } else if (def.kind === 'json' && options.json !== 'raw') {
        out[name] = JSON.stringify(value);
      } else {
        out[name] = value;
      }
    }
    if (options.checkReferences !== false) await this.checkArrayReferences(q, [out]);
    return out;
  }

  private sealFor(column: string, plain: string, rowIds: number[] | undefined): string | SealedPerRow {
    if (!rowIds?.length)
      throw new Error(`${this.entity.name}.${column}: a secret is written with its row ids`);
    const hint = this.config.hintSecrets?.includes(column) ?? false;
    const seal = (id: number) => this.vault.seal(plain, { table: this.entity.name, column, id }, { hint });
    if (rowIds.length === 1) return seal(rowIds[0]!);
    return new SealedPerRow(Object.fromEntries(rowIds.map((id) => [String(id), seal(id)])));
  }

  private hasSecret(data: Record<string, unknown>): boolean {
    return Object.entries(data).some(
      ([name, value]) => this.entity.fields[name]?.kind === 'secret' && value !== null && value !== '',
    );
  }

  /** Arrays of ids (tags) have no foreign key in SQL, so they are checked here. */
  async checkArrayReferences(
    q: Queryable,
    rows: Record<string, unknown>[],
    rowLabel?: (i: number) => string,
  ) {
    for (const [name, def] of this.columns) {
      if (def.kind !== 'int_array' || !def.references) continue;
      const wanted = new Set<number>();
      for (const row of rows) for (const id of (row[name] as number[] | undefined) ?? []) wanted.add(id);
      if (wanted.size === 0) continue;
      const found = await q.query<{ id: number }>(
        `SELECT id FROM ${ident(def.references)} WHERE id = ANY($1::int[])`,
        [[...wanted]],
      );
      const known = new Set(found.map((r) => r.id));
      rows.forEach((row, i) => {
        const missing = ((row[name] as number[] | undefined) ?? []).find((id) => !known.has(id));
        if (missing !== undefined) {
          const message = `Недопустимый первичный ключ "${missing}" - объект не существует. (Invalid pk "${missing}" - object does not exist.)`;
          throw new InvalidInput(rowLabel ? { [rowLabel(i)]: { [name]: [message] } } : { [name]: [message] });
        }
      });
    }
  }

  /** Inserts one row of validated create data (the entity's createSchema) and audits it. */
  async create(valid: Record<string, unknown>, ctx: WriteContext): Promise<Row> {
    const data = this.config.prepare ? this.config.prepare(valid, ctx, null) : valid;
    return this.db.transaction(async (tx) => {
      // A secret is sealed for its row: the id is taken first (reserve-row-id.ts says why).
      const id =
        this.hasSecret(data) && isSealedTable(this.entity.name)
          ? await reserveRowId(tx, this.entity.name)
          : undefined;
      const columns: Record<string, unknown> = {
        ...(id === undefined ? {} : { id }),
        ...(await this.toColumns(tx, data, { rowIds: id === undefined ? undefined : [id] })),
      };
      const names = Object.keys(columns);
      const params = new Params();
      const values = names.map((n) => `${params.add(columns[n])}::${sqlType(this.entity.fields[n]!)}`);
      const sql = names.length
        ? `INSERT INTO ${this.table} (${names.map(ident).join(', ')}) VALUES (${values.join(', ')}) RETURNING id`
        : `INSERT INTO ${this.table} DEFAULT VALUES RETURNING id`;
      const inserted = await tx.query<{ id: number }>(sql, params.values);
      const row = (await this.findById(tx, inserted[0]!.id))!;
      await writeAudit(tx, ctx.operator, 'create', this.name, [
        { id: row.id as number, before: null, after: row },
      ]);
      return row;
    });
  }

  /**
   * Inserts or updates many rows by a unique key in as few statements as their field sets allow, with
   * the rows passed as one JSON parameter whatever their number. Rows are validated request data.
   * Returns the ids in input order (after de-duplication by key, the last row winning) and the counts.
   */
  async upsert(
    tx: Queryable,
    rows: Record<string, unknown>[],
    conflict: { columns: string[]; where?: string } | null,
    ctx: WriteContext,
  ): Promise<{ created: number; updated: number; ids: number[] }> {
    const stored: Record<string, unknown>[] = [];
    for (const row of rows) {
      // Key columns stay even when clients cannot otherwise write them (an upsert by id).
      stored.push(
        await this.toColumns(tx, row, { json: 'raw', checkReferences: false, keep: conflict?.columns }),
      );
    }
    await this.checkArrayReferences(tx, stored, (i) => String(i));
    const byKey = new Map<string, Record<string, unknown>>();
    stored.forEach((row, i) =>
      byKey.set(conflict ? JSON.stringify(conflict.columns.map((c) => row[c] ?? null)) : String(i), row),
    );
    const groups = new Map<string, Record<string, unknown>[]>();
    for (const row of byKey.values()) {
      const shape = Object.keys(row).sort().join(',');
      groups.set(shape, [...(groups.get(shape) ?? []), row]);
    }
    let created = 0;
    let updated = 0;
    const ids: number[] = [];
    for (const group of groups.values()) {
      const names = Object.keys(group[0]!);
      const recordType = names.map((n) => `${ident(n)} ${sqlType(this.entity.fields[n]!)}`).join(', ');
      const json = JSON.stringify(group);
      let before: Row[] = [];
      let onConflict = '';
      if (conflict) {
        // Equality joins (hashable, index-friendly); a nullable key compares through coalesce.
        const join = conflict.columns
          .map((c) => {
            const def = this.entity.fields[c]!;
            const col = ident(c);
            if (!def.optional) return `t.${col} = x.${col}`;
            const none = sqlType(def) === 'integer' ? '-1' : `''`;
            return `coalesce(t.${col}, ${none}) = coalesce(x.${col}, ${none})`;
          })
          .join(' AND ');
        const keyType = conflict.columns
          .map((c) => `${ident(c)} ${sqlType(this.entity.fields[c]!)}`)
          .join(', ');
        before = await tx.query(
          `SELECT ${this.selectList} FROM ${this.table} t JOIN jsonb_to_recordset($1::jsonb) AS x(${keyType}) ON ${join} FOR UPDATE OF t`,
          [json],
        );
        const updates = names
          .filter((n) => !conflict.columns.includes(n))
          .map((n) => `${ident(n)} = EXCLUDED.${ident(n)}`);
        if (this.hasUpdatedAt) updates.push('updated_at = now()');
        if (updates.length === 0)
          updates.push(`${ident(conflict.columns[0]!)} = EXCLUDED.${ident(conflict.columns[0]!)}`);
        onConflict = `ON CONFLICT (${conflict.columns.map(ident).join(', ')})${conflict.where ? ` WHERE ${conflict.where}` : ''} DO UPDATE SET ${updates.join(', ')}`;
      }
      const result = await tx.query<{ id: number; inserted: boolean }>(
        `INSERT INTO ${this.table} (${names.map(ident).join(', ')})
         SELECT ${names.map((n) => `x.${ident(n)}`).join(', ')} FROM jsonb_to_recordset($1::jsonb) AS x(${recordType})
         ${onConflict}
         RETURNING id, (xmax = 0) AS inserted`,
        [json],
      );
      const after = await this.findByIds(
        tx,
        result.map((r) => r.id),
      );
      const afterById = new Map(after.map((r) => [r.id as number, r]));
      const beforeById = new Map(before.map((r) => [r.id as number, r]));
      const createdEntries = result
        .filter((r) => r.inserted)
        .map((r) => ({ id: r.id, before: null, after: afterById.get(r.id) ?? null }));
      const updatedEntries = result
        .filter((r) => !r.inserted)
        .map((r) => ({ id: r.id, before: beforeById.get(r.id) ?? null, after: afterById.get(r.id) ?? null }));
      await writeAudit(tx, ctx.operator, 'create', this.name, createdEntries);
      await writeAudit(tx, ctx.operator, 'update', this.name, updatedEntries);
      created += createdEntries.length;
      updated += updatedEntries.length;
      ids.push(...result.map((r) => r.id));
    }
    return { created, updated, ids };
  }

  /**
   * Replaces or patches one row. `validate` gives the validated data and runs once the row is found and
   * locked: DRF's order, so an unknown id is RowNotFound whatever the body.
   */
  async update(id: number, validate: () => Record<string, unknown>, ctx: WriteContext): Promise<Row> {
    return this.db.transaction(async (tx) => {
      const before = await tx.query(this.selectSql('WHERE t.id = $1') + ' FOR UPDATE OF t', [id]);
      if (!before[0]) throw new RowNotFound();
      const valid = validate();
      const data = this.config.prepare ? this.config.prepare(valid, ctx, before[0]) : valid;
      const columns = await this.toColumns(tx, data, { rowIds: [id] });
      await this.applyUpdate(tx, columns, 'WHERE t.id = $1', [id]);
      const after = (await this.findById(tx, id))!;
      await writeAudit(tx, ctx.operator, 'update', this.name, [{ id, before: before[0], after }]);
      return after;
    });
  }

  /** UPDATE with given stored values on the rows matching where (which uses params starting at $1). */
  async applyUpdate(
    tx: Queryable,
    columns: Record<string, unknown>,
    where: string,
    whereParams: unknown[],
  ): Promise<number> {
    const params = new Params();
    whereParams.forEach((p) => params.add(p));
    const sets = Object.keys(columns).map(
      (n) => `${ident(n)} = ${params.add(columns[n])}::${sqlType(this.entity.fields[n]!)}`,
    );
    if (this.hasUpdatedAt) sets.push('updated_at = now()');
    if (sets.length === 0) return 0;
    const rows = await tx.query<{ id: number }>(
      `UPDATE ${this.table} AS t SET ${sets.join(', ')} ${where} RETURNING t.id`,
      params.values,
    );
    return rows.length;
  }

  async destroy(id: number, ctx: WriteContext): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await this.findById(tx, id);
      if (!before) throw new RowNotFound();
      await tx.query(`DELETE FROM ${this.table} WHERE id = $1`, [id]);
      await writeAudit(tx, ctx.operator, 'delete', this.name, [{ id, before, after: null }]);
    });
  }

  /** Assignments setting stored values, with how each shows in the audit log (secrets masked). */
  constantAssignments(columns: Record<string, unknown>, params: Params): Assignment[] {
    return Object.entries(columns).map(([name, value]) => {
      const def = this.entity.fields[name]!;
      const set =
        value instanceof SealedPerRow
          ? `(${params.add(JSON.stringify(value.byId))}::jsonb ->> u.id::text)`
          : `${params.add(value)}::${sqlType(def)}`;
      if (def.kind === 'secret')
        return { column: name, set, audit: value === null ? 'NULL::text' : `'${MASK}${MASK}'::text` };
      return { column: name, set };
    });
  }

  /**
   * Updates every row matching where (over alias t) in one statement, atomically, and audits each row:
   * before is the row as the API shows it, after is before with the new values. Assignments may be
   * constants or SQL over the updated row u.
   */
  async updateAudited(
    tx: Queryable,
    assignments: Assignment[],
    where: string,
    params: Params,
    ctx: WriteContext,
  ): Promise<number[]> {
    if (assignments.length === 0) return [];
    const sets = assignments.map((a) => `${ident(a.column)} = ${a.set}`);
    if (this.hasUpdatedAt) sets.push('updated_at = now()');
    const diff = assignments.map((a) => `'${a.column}', ${a.audit ?? `c.${ident(a.column)}`}`).join(', ');
    const op = params.add(ctx.operator);
    const entity = params.add(this.name);
    const rows = await tx.query<{ id: number }>(
      `WITH before AS (${this.selectSql(where)} FOR UPDATE OF t),
            changed AS (UPDATE ${this.table} AS u SET ${sets.join(', ')} FROM before b WHERE u.id = b.id RETURNING u.*),
            audited AS (INSERT INTO audit_entry (operator, action, entity, entity_id, before, after, label)
              SELECT ${op}, 'update', ${entity}, b.id, to_jsonb(b), to_jsonb(b) || jsonb_build_object(${diff}),
                     ${auditNameSql('to_jsonb(b)')}
              FROM before b JOIN changed c ON c.id = b.id)
       SELECT id FROM changed ORDER BY id`,
      params.values,
    );
    return rows.map((r) => r.id);
  }

  async updateWhere(
    tx: Queryable,
    columns: Record<string, unknown>,
    where: string,
    whereParams: unknown[],
    ctx: WriteContext,
  ): Promise<number[]> {
    const params = new Params();
    whereParams.forEach((p) => params.add(p));
    return this.updateAudited(tx, this.constantAssignments(columns, params), where, params, ctx);
  }

  /** Sets the same validated patch data on every row of ids (all must exist); returns the rows after. */
  async bulkUpdateByIds(ids: number[], data: Record<string, unknown>, ctx: WriteContext): Promise<Row[]> {
    const unique = [...new Set(ids)];
    return this.db.transaction(async (tx) => {
      const known = await this.existingIds(tx, unique);
      if (known.size !== unique.length) {
        const missing = unique.filter((id) => !known.has(id));
        throw new InvalidInput({ ids: [`Не найдены id: ${missing.slice(0, 20).join(', ')}. (Not found.)`] });
      }
      const columns = await this.toColumns(tx, data, { rowIds: unique });
      if (Object.keys(columns).length > 0)
        await this.updateWhere(tx, columns, 'WHERE t.id = ANY($1::int[])', [unique], ctx);
      return this.findByIds(tx, unique);
    });
  }

  /**
   * Sets validated patch data on the rows a list query selects; refuses an unfiltered query unless all=true.
   */
  async updateByQuery(query: ListQuery, data: Record<string, unknown>, ctx: WriteContext): Promise<number> {
    const { where, params } = this.parseList(query, new Params(), true);
    if (!where && queryValue(query, 'all') !== 'true') {
      throw new InvalidInput({
        non_field_errors: [
          'Нет ни одного фильтра: добавьте all=true, чтобы изменить все записи. (No filter: add all=true to update every row.)',
        ],
      });
    }
    if (Object.keys(data).length === 0)
      throw new InvalidInput({ non_field_errors: ['Нет полей для изменения. (No fields to set.)'] });
    return this.db.transaction(async (tx) => {
      if (!this.hasSecret(data)) {
        return (await this.updateWhere(tx, await this.toColumns(tx, data), where, params, ctx)).length;
      }
      // Secrets are sealed per row: the rows are found (and locked) first, then set by id.
      const rows = await tx.query<{ id: number }>(`${this.selectSql(where)} FOR UPDATE OF t`, params);
      const ids = rows.map((row) => row.id);
      if (ids.length === 0) return 0;
      const columns = await this.toColumns(tx, data, { rowIds: ids });
      return (await this.updateWhere(tx, columns, 'WHERE t.id = ANY($1::int[])', [ids], ctx)).length;
    });
  }
}
