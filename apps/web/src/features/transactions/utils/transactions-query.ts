import type { QueryParams } from '@/lib/query-string';

export interface TransactionFilters {
  kind: string;
  paymentMethod: string;
  /** Money moved to this market (to_market). */
  market: string;
  /** yyyy-mm-dd, inclusive. */
  dateFrom: string;
  dateTo: string;
}

/** The filters as the ledger list reads them; a day range covers the whole of the last day. */
export function transactionsQuery(filters: TransactionFilters): QueryParams {
  const query: Record<string, string> = {};
  if (filters.kind) query.kind = filters.kind;
  if (filters.paymentMethod) query.payment_method = filters.paymentMethod;
  if (filters.market) query.to_market = filters.market;
  if (filters.dateFrom) query.date__gte = `${filters.dateFrom}T00:00:00Z`;
  if (filters.dateTo) query.date__lte = `${filters.dateTo}T23:59:59.999Z`;
  return query;
}
