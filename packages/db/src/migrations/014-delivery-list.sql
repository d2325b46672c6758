-- The console's deliveries screen (GET /api-node/deliveries/) reads bot_delivery newest sale first, page by
-- page: without this index every page sorts the whole table, which grows by one row per item sold. A
-- market account's own rows are found through the (market_account, deal_id) key and are few enough to sort.
CREATE INDEX bot_delivery_sold_idx ON bot_delivery (sold_seen_at DESC, id DESC);
