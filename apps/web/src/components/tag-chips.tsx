import { Chip, Stack } from '@mui/material';

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

export function TagChips({ tags }: { tags: readonly TagLike[] }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ overflow: 'hidden' }}>
      {tags.map((tag) => (
        <Chip
          key={tag.id}
          label={tag.name}
          size="small"
          sx={{ bgcolor: tag.color, color: contrastText(tag.color), height: 20, fontSize: 11 }}
        />
      ))}
    </Stack>
  );
}
