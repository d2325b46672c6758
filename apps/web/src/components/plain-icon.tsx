import type { CSSProperties } from 'react';

export interface PlainIconProps {
  /** A path of @mdi/js. */
  path: string;
  /** Width and height in px; default 18. */
  size?: number;
  color?: string;
  /** An accessible name; without it the icon is decorative. */
  title?: string;
  style?: CSSProperties;
}

/**
 * An mdi icon as a bare <svg>, for table cells: MUI's SvgIcon is an Emotion-styled component, and dozens of
 * them mounting on every scroll frame were a large part of the history screen's frames (bench:web).
 */
export function PlainIcon({ path, size = 18, color = 'currentColor', title, style }: PlainIconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill={color}
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      style={{ flexShrink: 0, ...style }}
    >
      {title && <title>{title}</title>}
      <path d={path} />
    </svg>
  );
}
