/**
 * A Skinport-like item list (`/v1/items`) of about `megabytes` MB of JSON: the largest answer the processes
 * read (Skinport's and tm's public lists are 10-30 MB), for the event-loop tests and bench:markets (e).
 */
export function priceListJson(megabytes: number): string {
  const items: string[] = [];
  let size = 2;
  for (let i = 0; size < megabytes * 1024 ** 2; i += 1) {
    const item = JSON.stringify({
      market_hash_name: `AK-47 | Redline (Field-Tested) #${i}`,
      currency: 'EUR',
      suggested_price: 13.18 + (i % 1000),
      min_price: 11.5 + (i % 900),
      max_price: 54.99 + (i % 800),
      mean_price: 12.94,
      median_price: null,
      quantity: i % 97,
      item_page: `https://skinport.com/item/ak-47-redline-field-tested-${i}`,
      created_at: 1535988253,
      updated_at: 1700000000 + i,
    });
    size += item.length + 1;
    items.push(item);
  }
  return `[${items.join(',')}]`;
}
