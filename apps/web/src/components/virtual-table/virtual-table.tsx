import { mdiArrowDown, mdiArrowUp } from '@mdi/js';
import { Box, ButtonBase, LinearProgress, Typography, useTheme } from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type Key,
  type ReactNode,
} from 'react';

import { MdiIcon } from '../mdi-icon';
import { cellStyles } from './cell-styles';
import { textMeasurer, twoLineWidth } from './header-width';

export interface VirtualColumn<Row> {
  id: string;
  /** The header cell; a function gets the table's rows (a select-all checkbox counts them). */
  header: ReactNode | ((rows: readonly Row[]) => ReactNode);
  /** Width in px (the minimum when the column grows); default 140. */
  width?: number;
  /** Share of the spare width the column takes; 0 keeps it at its width. */
  grow?: number;
  align?: 'left' | 'right' | 'center';
  sortable?: boolean;
  /**
   * Keeps the column at the table's right edge while the others scroll sideways: row actions stay in
   * view however wide the table. Columns with the id 'actions' or '__actions' are pinned unless false.
   */
  pinned?: 'right' | false;
  /** A longer explanation of a short header, shown as its tooltip. */
  headerTitle?: string;
  render: (row: Row, index: number) => ReactNode;
}

export interface TableSort {
  id: string;
  desc: boolean;
}

export interface VirtualTableProps<Row> {
  rows: readonly Row[];
  columns: readonly VirtualColumn<Row>[];
  getRowId: (row: Row, index: number) => string | number;
  /** Accessible name of the table. */
  label: string;
  rowHeight?: number;
  /** Height of the scrolling area; by default it fills the window below the page header. */
  height?: number | string;
  sort?: TableSort | null;
  onSortChange?: (sort: TableSort | null) => void;
  onRowClick?: (row: Row) => void;
  /** Called when the last rows come into view: the next page can be read. */
  onEndReached?: () => void;
  loading?: boolean;
  emptyText?: ReactNode;
  /** Total rows on the server when only some are loaded (aria-rowcount). */
  totalCount?: number;
}

const DEFAULT_WIDTH = 140;
/** Room for two lines of header text at its 1.2 line height. */
const HEADER_HEIGHT = 36;
/** A cell's horizontal padding (8 px each side) and a sort arrow with its gap. */
const CELL_PADDING = 16;
const SORT_ICON = 18;
/** The font of the header cells (the table's 13 px at weight 500), for measuring their text. */
const HEADER_FONT_SIZE = 13;
const HEADER_FONT_WEIGHT = 500;

const cellBase: CSSProperties = {
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  padding: '0 8px',
  display: 'flex',
  alignItems: 'center',
  minWidth: 0,
};

const JUSTIFY: Record<NonNullable<VirtualColumn<never>['align']>, CSSProperties['justifyContent']> = {
  left: 'flex-start',
  right: 'flex-end',
  center: 'center',
};

/**
 * One style object per column, shared by its header cell and every row's cell. Rows are flex rows of
 * fixed-basis cells (a column's width, plus its share of the spare width): a CSS grid per row made Chromium
 * size twelve tracks and measure each cell again for every row entering the view, a third more layout per
 * scroll frame than this (bench:web).
 */
function columnStyles(columns: readonly VirtualColumn<never>[], widths: readonly number[]): CSSProperties[] {
  return columns.map((column, at) => ({
    ...cellBase,
    justifyContent: JUSTIFY[column.align ?? 'left'],
    flex: `${column.grow ?? 0} 0 ${widths[at] ?? DEFAULT_WIDTH}px`,
    ...(isPinned(column) ? { ...PINNED, right: pinnedRight(columns, widths, at) } : null),
  }));
}

const PINNED_IDS = new Set(['actions', '__actions']);

function isPinned(column: VirtualColumn<never>): boolean {
  return column.pinned === undefined ? PINNED_IDS.has(column.id) : column.pinned === 'right';
}

/** Where a pinned column sticks: past the pinned columns after it (which keep their width: grow 0). */
function pinnedRight(columns: readonly VirtualColumn<never>[], widths: readonly number[], at: number) {
  let right = 0;
  for (let next = at + 1; next < columns.length; next += 1)
    if (isPinned(columns[next]!)) right += widths[next] ?? DEFAULT_WIDTH;
  return right;
}

/** The pinned cells' class; the leftmost pinned column also casts the shadow over what scrolls beneath. */
function columnClasses(columns: readonly VirtualColumn<never>[]): (string | undefined)[] {
  const first = columns.findIndex(isPinned);
  return columns.map((column, at) =>
    isPinned(column) ? (at === first ? `${PINNED_CLASS} ${PINNED_EDGE_CLASS}` : PINNED_CLASS) : undefined,
  );
}

/**
 * A pinned cell sticks to the scrolling box's right edge over the cells scrolled beneath it, so it is
 * opaque (the class gives it the row's background and a shadow on its left).
 */
const PINNED: CSSProperties = { position: 'sticky', zIndex: 1 };
const PINNED_CLASS = 'vt-pin';
const PINNED_EDGE_CLASS = 'vt-pin-edge';

/**
 * Each column's width: its own, or wider when its header text needs more to show whole in two lines (a
 * string header only; measured where a canvas exists, so jsdom keeps the given widths).
 */
function columnWidths(columns: readonly VirtualColumn<never>[], fontFamily: string): number[] {
  const measure = textMeasurer(`${HEADER_FONT_WEIGHT} ${HEADER_FONT_SIZE}px ${fontFamily}`);
  return columns.map((column) => {
    const width = column.width ?? DEFAULT_WIDTH;
    if (!measure || typeof column.header !== 'string' || !column.header.trim()) return width;
    const needed = twoLineWidth(column.header, measure) + CELL_PADDING + (column.sortable ? SORT_ICON : 0);
    // One pixel more than measured: canvas and layout may round the text's width apart.
    return Math.max(width, needed + 1);
  });
}

/**
 * A header's text: up to two lines broken between words, the column being wide enough for that
 * (columnWidths); never an ellipsis, which hid what a column is («Пере…», «Прод…»).
 */
const headerText: CSSProperties = {
  whiteSpace: 'normal',
  overflowWrap: 'normal',
  lineHeight: 1.2,
  minWidth: 0,
};

interface RowViewProps<Row> {
  row: Row;
  /** The row's own id: the slot's element shows another row when it changes. */
  rowId: Key;
  index: number;
  columns: readonly VirtualColumn<Row>[];
  styles: readonly CSSProperties[];
  classes: readonly (string | undefined)[];
  start: number;
  height: number;
  onRowClick?: (row: Row) => void;
}

function RowViewInner<Row>({
  row,
  rowId,
  index,
  columns,
  styles,
  classes,
  start,
  height,
  onRowClick,
}: RowViewProps<Row>) {
  const element = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    // A recycled slot now shows another row: a checkbox or button focused in it would act on that row.
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && element.current?.contains(focused)) focused.blur();
  }, [rowId]);
  return (
    <div
      ref={element}
      role="row"
      aria-rowindex={index + 2}
      data-index={index}
      onClick={onRowClick ? () => onRowClick(row) : undefined}
      className="vt-row"
      style={{
        position: 'absolute',
        top: 0,
        left: 0,
        width: '100%',
        height,
        transform: `translateY(${start}px)`,
        display: 'flex',
        cursor: onRowClick ? 'pointer' : undefined,
        background: index % 2 ? 'rgba(0,0,0,0.015)' : undefined,
        // clip, not hidden: a hidden overflow would make the row the scroll box its pinned cell sticks to.
        overflow: 'clip',
        // Size, layout and paint of a row never depend on its content nor reach outside it: the forced
        // layout after each commit of new rows (TanStack Virtual reads scrollTop) lays out only the new
        // rows, at their fixed height, instead of measuring their cells (bench:web).
        contain: 'strict',
      }}
    >
      {columns.map((column, at) => (
        <div key={column.id} role="cell" style={styles[at]} className={classes[at]}>
          {column.render(row, index)}
        </div>
      ))}
    </div>
  );
}
const RowView = memo(RowViewInner) as typeof RowViewInner;

/**
 * How many row slots the table keeps: the most rows it has shown at once. It only grows, so a view one row
 * shorter for a frame (a partly visible row) keeps its slots instead of remapping every row.
 */
function useSlotCount(shown: number): number {
  const [most, setMost] = useState(1);
  if (shown > most) setMost(shown);
  return Math.max(most, shown);
}

/**
 * A table that renders only the rows in view (@tanstack/react-virtual): 50,000 rows scroll as smoothly as
 * 50. Columns are flex cells; the header stays on top while the body scrolls. A table wider than its box
 * scrolls sideways inside the box, its row actions pinned at the right edge, and no column is narrower
 * than its header text (two lines at most): at 1366 px nothing of the table falls off the page.
 */
export function VirtualTable<Row>({
  rows,
  columns,
  getRowId,
  label,
  rowHeight = 36,
  height = 'calc(100vh - 176px)',
  sort,
  onSortChange,
  onRowClick,
  onEndReached,
  loading,
  emptyText,
  totalCount,
}: VirtualTableProps<Row>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const fontFamily = useTheme().typography.fontFamily ?? 'sans-serif';
  // Part of a big list loaded: the bar shows how much (percent). The indeterminate bar animates `left` and
  // `right`, a layout and paint on the main thread every frame, which while 50,000 history rows came took
  // a large share of a loaded machine's main thread from parsing the answers (issue 15, bench:web).
  const loadedShare =
    totalCount !== undefined && rows.length > 0 && rows.length < totalCount
      ? Math.round((rows.length / totalCount) * 100)
      : undefined;
  const widths = useMemo(
    () => columnWidths(columns as readonly VirtualColumn<never>[], fontFamily),
    [columns, fontFamily],
  );
  const classes = useMemo(() => columnClasses(columns as readonly VirtualColumn<never>[]), [columns]);
  const styles = useMemo(
    () => columnStyles(columns as readonly VirtualColumn<never>[], widths),
    [columns, widths],
  );
  const minWidth = useMemo(() => widths.reduce((sum, width) => sum + width, 0), [widths]);
  // Stable while the rows are: a new key function makes the virtualizer lay out every row again, which
  // on each scroll frame over 50,000 rows was most of the frame (bench:web).
  const getItemKey = useCallback(
    (index: number) => {
      const row = rows[index];
      return row === undefined ? index : getRowId(row, index);
    },
    [rows, getRowId],
  );
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    // Rows are a fixed height: a few rows beyond the view are enough for a wheel step, and every extra row
    // is more work in each frame of a fast scroll (bench:web).
    overscan: 2,
    getItemKey,
    // Rows render in React's own batch after a scroll event, not synchronously inside it.
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();
  const slotCount = useSlotCount(items.length);
  const lastIndex = items.length > 0 ? (items[items.length - 1]?.index ?? 0) : -1;

  useEffect(() => {
    if (onEndReached && rows.length > 0 && lastIndex >= rows.length - 20) onEndReached();
  }, [lastIndex, rows.length, onEndReached]);

  // Built again only when the columns, rows or order change, not on every scroll frame: a header cell may
  // count the rows (select-all over 50,000 of them).
  const header = useMemo(() => {
    const toggleSort = (id: string) => {
      if (!onSortChange) return;
      if (sort?.id !== id) onSortChange({ id, desc: false });
      else if (!sort.desc) onSortChange({ id, desc: true });
      else onSortChange(null);
    };
    return (
      <Box
        role="row"
        aria-rowindex={1}
        sx={{
          position: 'sticky',
          top: 0,
          zIndex: 2,
          display: 'flex',
          height: HEADER_HEIGHT,
          bgcolor: 'grey.100',
          borderBottom: 1,
          borderColor: 'divider',
          fontWeight: 500,
        }}
      >
        {columns.map((column, at) => {
          const title = typeof column.header === 'function' ? column.header(rows) : column.header;
          const sorted = sort?.id === column.id ? (sort.desc ? 'descending' : 'ascending') : undefined;
          return (
            <div
              key={column.id}
              role="columnheader"
              aria-sort={sorted}
              title={column.headerTitle ?? (typeof title === 'string' ? title : undefined)}
              style={styles[at]}
              className={classes[at]}
            >
              {column.sortable && onSortChange ? (
                <ButtonBase
                  onClick={() => toggleSort(column.id)}
                  sx={{ font: 'inherit', gap: 0.5, maxWidth: '100%', justifyContent: 'inherit' }}
                >
                  <span style={{ ...headerText, textAlign: column.align ?? 'left' }}>{title}</span>
                  {sorted && (
                    <MdiIcon
                      path={sorted === 'descending' ? mdiArrowDown : mdiArrowUp}
                      sx={{ fontSize: 14 }}
                    />
                  )}
                </ButtonBase>
              ) : (
                <span style={{ ...headerText, textAlign: column.align ?? 'left' }}>{title}</span>
              )}
            </div>
          );
        })}
      </Box>
    );
  }, [columns, rows, styles, classes, sort, onSortChange]);

  return (
    <Box
      ref={scrollRef}
      role="table"
      aria-label={label}
      aria-rowcount={(totalCount ?? rows.length) + 1}
      data-testid="virtual-table"
      sx={[
        {
          height,
          overflow: 'auto',
          position: 'relative',
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          fontSize: 13,
          // Sized by its own height and its parent's width, never by its rows: a forced layout after new rows
          // stops at this box instead of laying out the page around it (filters, totals, the shell).
          contain: 'strict',
          '& .vt-row': { borderBottom: '1px solid', borderColor: 'divider' },
          '& .vt-row:hover': { bgcolor: 'action.hover' },
          // Pinned cells cover what scrolls beneath them: opaque, with a shadow on their left.
          [`& .${PINNED_CLASS}`]: { bgcolor: 'background.paper' },
          [`& .${PINNED_EDGE_CLASS}`]: { boxShadow: '-6px 0 6px -6px rgba(0,0,0,0.25)' },
          [`& [role="columnheader"].${PINNED_CLASS}`]: { bgcolor: 'grey.100' },
          [`& .vt-row:hover .${PINNED_CLASS}`]: { bgcolor: 'grey.100' },
        },
        cellStyles,
      ]}
    >
      <Box sx={{ minWidth, width: '100%', position: 'relative' }}>
        {header}
        {loading && (
          <LinearProgress
            sx={{ position: 'sticky', top: HEADER_HEIGHT, zIndex: 2 }}
            {...(loadedShare === undefined ? {} : { variant: 'determinate', value: loadedShare })}
          />
        )}
        <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const row = rows[item.index];
            if (row === undefined) return null;
            return (
              <RowView
                // The row's slot, not its id: a row leaving the view hands its DOM to the row entering it,
                // so scrolling changes text in place instead of creating and styling new elements
                // (bench:web). Slots are index mod the most rows ever shown, unique within the view.
                key={item.index % slotCount}
                row={row}
                rowId={item.key}
                index={item.index}
                columns={columns}
                styles={styles}
                classes={classes}
                start={item.start}
                height={rowHeight}
                onRowClick={onRowClick}
              />
            );
          })}
        </div>
        {!loading && rows.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            {emptyText}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
