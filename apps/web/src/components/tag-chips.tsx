import { CELL } from './virtual-table/cell-styles';

export interface TagLike {
  id: number;
  name: string;
  color: string;
}

/** Black or white text, whichever reads better on a #RRGGBB background. */
export function contrastText(hex: string): string {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!match?.[1]) return '#000';
  const value = parseInt(match[1], 16);
  const r = (value >> 16) & 255;
  const g = (value >> 8) & 255;
  const b = value & 255;
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? '#000' : '#fff';
}

/** A row's tags as coloured chips: plain spans styled by the table's stylesheet (cell-styles.ts). */
export function TagChips({ tags }: { tags: readonly TagLike[] }) {
  return (
    <span className={CELL.chips}>
      {tags.map((tag) => (
        <span
          key={tag.id}
          className={CELL.tag}
          style={{ backgroundColor: tag.color, color: contrastText(tag.color) }}
        >
          {tag.name}
        </span>
      ))}
    </span>
  );
}
