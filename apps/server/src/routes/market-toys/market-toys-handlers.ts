import { badRequest, queryValue, sendFilteredPage } from '@toydesk/api-kit';

import { crudHandlers } from '../crud-handlers.ts';
import { writeContext, type ApiHandlers } from '../handler.ts';

/** The handlers of the `market-toys.*` routes: the generic CRUD ones and the special endpoints. */
export const marketToysHandlers = {
  ...crudHandlers('market-toys', (ctx) => ctx.services.resources.marketToy),

  'market-toys.bulk_create_or_update_by_mhn': async (ctx) => {
    const rows: Record<string, unknown>[] = ctx.body;
    const { toy, marketToy } = ctx.services.resources;
    return ctx.services.db.transaction(async (tx) => {
      const names = [...new Set(rows.map((r) => r.market_hash_name as string))];
      const existing = await tx.query<{ id: number; market_hash_name: string }>(
        'SELECT id, market_hash_name FROM toy WHERE market_hash_name = ANY($1::text[])',
        [names],
      );
      const known = new Set(existing.map((r) => r.market_hash_name));
      const missing = names.filter((n) => !known.has(n));
      if (missing.length)
        await toy.upsert(
          tx,
          missing.map((market_hash_name) => ({ market_hash_name })),
          { columns: ['market_hash_name'] },
          writeContext(ctx),
        );
      const toys = await tx.query<{ id: number; market_hash_name: string }>(
        'SELECT id, market_hash_name FROM toy WHERE market_hash_name = ANY($1::text[])',
        [names],
      );
      const idByName = new Map(toys.map((r) => [r.market_hash_name, r.id]));
      const marketRows = rows.map(({ market_hash_name, ...rest }) => ({
        ...rest,
        toy: idByName.get(market_hash_name as string)!,
      }));
      const result = await marketToy.upsert(
        tx,
        marketRows,
        { columns: ['toy', 'market'] },
        writeContext(ctx),
      );
      return { created: result.created, updated: result.updated, toys_created: missing.length };
    });
  },

  'market-toys.bulk_update_by_qs': async (ctx) => ({
    updated: await ctx.services.resources.marketToy.updateByQuery(
      ctx.rawQuery,
      ctx.rawBody ?? {},
      writeContext(ctx),
    ),
  }),

  'market-toys.by_fields': async (ctx) => {
    const marketToys = ctx.services.resources.marketToy;
    const requested = (queryValue(ctx.rawQuery, 'fields') ?? '')
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean);
    const unknown = requested.filter((f) => !Object.hasOwn(marketToys.entity.fields, f));
    if (unknown.length)
      throw badRequest({ fields: [`Неизвестные поля: ${unknown.join(', ')}. (Unknown fields.)`] });
    const fields = requested.length ? requested : ['id', 'market_hash_name'];
    return sendFilteredPage(
      ctx,
      marketToys,
      (where, orderBy) =>
        `SELECT ${fields.map((f) => marketToys.selectParts[f]).join(', ')} FROM market_toy t ${where} ORDER BY ${orderBy}`,
    );
  },

  'market-toys.only_market_hash_name': async (ctx) => {
    const { where, params } = ctx.services.resources.marketToy.parseList(ctx.rawQuery);
    const rows = await ctx.services.db.query<{ market_hash_name: string }>(
      `SELECT DISTINCT x.market_hash_name FROM market_toy t JOIN toy x ON x.id = t.toy ${where} ORDER BY x.market_hash_name`,
      params,
    );
    return { count: rows.length, results: rows.map((r) => r.market_hash_name) };
  },
} satisfies Partial<ApiHandlers>;
