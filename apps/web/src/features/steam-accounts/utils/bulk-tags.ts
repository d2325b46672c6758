export type TagMode = 'replace' | 'add' | 'remove';

export interface TaggedRow {
  id: number;
  tags: readonly number[];
}

/**
 * The bulk calls that set tags on the selected accounts: one call for "replace"; for "add" and "remove" the
 * accounts are grouped by the tag list each ends with, one bulk-update-by-ids call per group.
 */
export function tagUpdateGroups(
  rows: readonly TaggedRow[],
  mode: TagMode,
  tagIds: readonly number[],
): { ids: number[]; tags: number[] }[] {
  if (mode === 'replace') return [{ ids: rows.map((row) => row.id), tags: [...tagIds] }];
  const groups = new Map<string, { ids: number[]; tags: number[] }>();
  for (const row of rows) {
    const next =
      mode === 'add'
        ? [...new Set([...row.tags, ...tagIds])]
        : row.tags.filter((tag) => !tagIds.includes(tag));
    const tags = [...next].sort((a, b) => a - b);
    const key = tags.join(',');
    const group = groups.get(key) ?? { ids: [], tags };
    group.ids.push(row.id);
    groups.set(key, group);
  }
  return [...groups.values()];
}
