/** The colour form the contract stores for a tag. */
const TAG_COLOR = /^#[0-9a-f]{6}$/i;

export function isTagColor(value: unknown): value is string {
  return typeof value === 'string' && TAG_COLOR.test(value);
}

/**
 * The palette a tag's colour is picked from: Material colours dark or light enough that a chip's name
 * stays readable on them (the chip picks black or white text, contrastText). The first is the contract's
 * default.
 */
export const TAG_PALETTE = [
  { key: 'blue', color: '#1976d2' },
  { key: 'lightBlue', color: '#039be5' },
  { key: 'cyan', color: '#0097a7' },
  { key: 'teal', color: '#00796b' },
  { key: 'green', color: '#388e3c' },
  { key: 'lime', color: '#9ccc65' },
  { key: 'amber', color: '#ffb300' },
  { key: 'orange', color: '#f57c00' },
  { key: 'red', color: '#d32f2f' },
  { key: 'darkRed', color: '#b71c1c' },
  { key: 'pink', color: '#d81b60' },
  { key: 'purple', color: '#7b1fa2' },
  { key: 'brown', color: '#6d4c41' },
  { key: 'grey', color: '#757575' },
  { key: 'blueGrey', color: '#455a64' },
  { key: 'black', color: '#212121' },
] as const;

export type TagPaletteKey = (typeof TAG_PALETTE)[number]['key'];

/** Whether another tag than `exceptId` already has the name (any case, surrounding spaces ignored). */
export function isTagNameTaken(
  name: unknown,
  tags: readonly { id: number; name: string }[],
  exceptId: number | null,
): boolean {
  if (typeof name !== 'string' || name.trim() === '') return false;
  const key = name.trim().toLowerCase();
  return tags.some((tag) => tag.id !== exceptId && tag.name.trim().toLowerCase() === key);
}
