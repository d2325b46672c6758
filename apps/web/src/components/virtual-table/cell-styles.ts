import type { CSSObject, Theme } from '@mui/material/styles';

/**
 * Class names of the light cell pieces (two-line name, tag chips, online dot, bar, icon button). A table
 * cell is drawn for every visible row: MUI components there (Typography, Chip, Tooltip, IconButton) cost
 * each row dozens of fibers, hooks and an Emotion class built at render, which was most of the Steam accounts
 * screen's first second (issue 15, bench:web). These pieces are plain elements whose rules live once in the
 * table's own stylesheet (`cellStyles`), so a row costs its elements only.
 */
export const CELL = {
  twoLine: 'vt-two-line',
  title: 'vt-title',
  caption: 'vt-caption',
  chips: 'vt-chips',
  tag: 'vt-tag',
  dot: 'vt-dot',
  dotOn: 'vt-dot-on',
  bar: 'vt-bar',
  barFill: 'vt-bar-fill',
  barDone: 'vt-bar-done',
  iconButton: 'vt-icon-button',
  inline: 'vt-inline',
} as const;

const ellipsis = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** The rules of CELL's classes, part of VirtualTable's sx: serialised once per table, not per cell. */
export const cellStyles = (theme: Theme): CSSObject => ({
  [`& .${CELL.twoLine}`]: { minWidth: 0, lineHeight: 1.2 },
  [`& .${CELL.title}`]: { ...ellipsis, fontSize: theme.typography.body2.fontSize, fontWeight: 500 },
  [`& .${CELL.caption}`]: {
    ...ellipsis,
    fontSize: theme.typography.caption.fontSize,
    color: 'text.secondary',
  },
  [`& .${CELL.chips}`]: { display: 'flex', gap: '4px', overflow: 'hidden', minWidth: 0 },
  [`& .${CELL.tag}`]: {
    display: 'inline-flex',
    alignItems: 'center',
    height: 20,
    padding: '0 8px',
    borderRadius: 10,
    fontSize: 11,
    whiteSpace: 'nowrap',
    flexShrink: 0,
  },
  [`& .${CELL.dot}`]: {
    display: 'inline-block',
    width: 8,
    height: 8,
    borderRadius: '50%',
    backgroundColor: theme.palette.grey[400],
    flexShrink: 0,
  },
  [`& .${CELL.dotOn}`]: { backgroundColor: theme.palette.success.main },
  [`& .${CELL.bar}`]: {
    width: '100%',
    height: 4,
    backgroundColor: theme.palette.grey[300],
    overflow: 'hidden',
    borderRadius: 2,
  },
  [`& .${CELL.barFill}`]: { height: '100%', backgroundColor: theme.palette.primary.main },
  [`& .${CELL.barDone}`]: { backgroundColor: theme.palette.success.main },
  [`& .${CELL.inline}`]: { display: 'inline-flex', alignItems: 'center', gap: '4px', whiteSpace: 'nowrap' },
  [`& .${CELL.iconButton}`]: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: 30,
    height: 30,
    padding: 0,
    border: 0,
    borderRadius: '50%',
    background: 'transparent',
    color: theme.palette.action.active,
    cursor: 'pointer',
    '& svg': { width: 20, height: 20, fill: 'currentColor' },
    '&:hover': { backgroundColor: theme.palette.action.hover },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
    '&:disabled': { color: theme.palette.action.disabled, cursor: 'default', backgroundColor: 'transparent' },
    '&[data-color="error"]': { color: theme.palette.error.main },
    '&[data-color="primary"]': { color: theme.palette.primary.main },
  },
});
