import type { InventoryItem } from '../steam-gateway.ts';

/**
 * One inventory entry: an asset merged with its description (steamcommunity's CEconItem is exactly that
 * merge, so the real gateway maps its items with the same function).
 */
export interface RawEconItem {
  appid?: number | string;
  contextid?: string | number;
  assetid?: string | number;
  id?: string | number;
  classid?: string | number;
  instanceid?: string | number;
  amount?: string | number;
  market_hash_name?: string;
  name?: string;
  type?: string;
  tradable?: number | boolean;
  marketable?: number | boolean;
  icon_url?: string;
  owner_descriptions?: { value?: string }[];
  cache_expiration?: string;
  market_fee_app?: number | string;
  tags?: { category?: string; internal_name?: string; localized_tag_name?: string; name?: string }[];
}

const HOLD_PREFIX = 'Tradable/Marketable After ';

/** "Tradable/Marketable After Jul 11, 2025 (2:00:00) GMT" → ISO; the legacy month-first format. */
export function holdEndFrom(item: RawEconItem): string | null {
  if (item.cache_expiration) return new Date(item.cache_expiration).toISOString();
  const line = item.owner_descriptions?.find((d) => d.value?.startsWith(HOLD_PREFIX))?.value;
  if (!line) return null;
  const date = new Date(line.slice(HOLD_PREFIX.length).replace(/[,()]/g, ''));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function inventoryItemFrom(
  item: RawEconItem,
  fallback: { appId: number; contextId: string },
): InventoryItem {
  const marketHashName = item.market_hash_name ?? '';
  const feeMatch = marketHashName.match(/^(\d+)-/);
  const appId = Number(item.appid ?? fallback.appId);
  return {
    assetId: String(item.assetid ?? item.id ?? ''),
    classId: String(item.classid ?? ''),
    instanceId: String(item.instanceid ?? '0'),
    appId,
    contextId: String(item.contextid ?? fallback.contextId),
    amount: Number(item.amount ?? 1),
    marketHashName,
    name: item.name ?? marketHashName,
    type: item.type ?? '',
    tradable: Boolean(Number(item.tradable ?? 0)),
    marketable: Boolean(Number(item.marketable ?? 0)),
    tradableAfter: holdEndFrom(item),
    iconUrl: item.icon_url ?? '',
    marketFeeApp:
      item.market_fee_app !== undefined
        ? Number(item.market_fee_app)
        : appId === 753 && feeMatch?.[1]
          ? Number(feeMatch[1])
          : null,
    tags: (item.tags ?? []).map((tag) => ({
      category: tag.category ?? '',
      internalName: tag.internal_name ?? '',
      name: tag.localized_tag_name ?? tag.name ?? '',
    })),
  };
}
