import { SvgIcon, type SvgIconProps } from '@mui/material';

export type MdiIconProps = SvgIconProps & {
  /** A path of @mdi/js, e.g. mdiPencil. */
  path: string;
};

/** An mdi icon (the spec's icon set) as an MUI icon: it takes fontSize and colour like any MUI icon. */
export function MdiIcon({ path, ...props }: MdiIconProps) {
  return (
    <SvgIcon {...props}>
      <path d={path} />
    </SvgIcon>
  );
}
