import { MARKET_CODES } from '@toydesk/contract';
import { pageUrl, notFound } from '@toydesk/api-kit';
import { listPriceBoard, loadSellFees } from '@toydesk/db';

import type { ApiHandlers } from '../handler.ts';

const DEFAULT_PAGE_SIZE = 100;

/** The handler of `/api/market/price-board/` (issue 16): the market database's lists compared per name. */
export const priceBoardHandlers = {
  'price-board.list': async (ctx) => {
    const query = ctx.query;
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? DEFAULT_PAGE_SIZE;
    const descending = query.ordering.startsWith('-');
    const markets = query.markets ?? [...MARKET_CODES];
    const rows = await listPriceBoard(ctx.services.db, {
      markets,
      currency: query.currency,
      minSpreadPct: query.min_spread_pct ?? null,
      minVolume: query.min_volume ?? null,
      search: query.search?.trim() ? query.search.trim() : null,
      ordering: (descending ? query.ordering.slice(1) : query.ordering) as Parameters<
        typeof listPriceBoard
      >[1]['ordering'],
      descending,
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    const fees = await loadSellFees(ctx.services.db, markets);
    if (rows.length === 0 && page > 1) throw notFound('Неправильная страница. (Invalid page.)');
    const count = rows[0]?.total ?? 0;
    const lastPage = Math.max(1, Math.ceil(count / pageSize));
    return {
      count,
      next: pageUrl(ctx.request, page < lastPage ? page + 1 : null),
      previous: pageUrl(ctx.request, page > 1 ? page - 1 : null),
      currency: query.currency,
      fees,
      results: rows.map(({ total: _total, ...row }) => row),
    };
  },
} satisfies Partial<ApiHandlers>;
