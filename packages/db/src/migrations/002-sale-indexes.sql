-- for-sell and the extended account views look up listings by inventory asset and by status.
CREATE INDEX sell_item_asset_idx ON sell_item (steam_account, asset_id);
CREATE INDEX sell_item_status_mhn_idx ON sell_item (status, market_hash_name);
CREATE INDEX steam_inventory_account_status_idx ON steam_inventory (steam_account, status);
