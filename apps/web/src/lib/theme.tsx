import {
  mdiAlertCircleOutline,
  mdiAlertOutline,
  mdiCheckboxBlankOutline,
  mdiCheckboxMarked,
  mdiCheckCircleOutline,
  mdiChevronDown,
  mdiClose,
  mdiCloseCircle,
  mdiInformationOutline,
  mdiMinusBox,
} from '@mdi/js';
import { createTheme, type Theme } from '@mui/material';
import { enUS, ruRU } from '@mui/material/locale';
import type { UiLang } from '@toydesk/contract';

import { MdiIcon } from '../components/mdi-icon';
import { handleTypeAheadKeyDown } from './type-ahead';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true;
  }
}

/** The interface constants of spec section 9. */
export const UI = {
  menuOpenDelayMs: 300,
  menuCloseDelayMs: 250,
  overlayZIndex: 2000,
  viewportMargin: 12,
  listMaxHeight: 310,
  textareaRows: 5,
  progressHeight: 4,
  scrollDurationMs: 300,
} as const;

export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const;

export const PALETTE = {
  primary: '#1976d2',
  secondary: '#272727',
  error: '#EC4E20',
  warning: '#FF9505',
  info: '#016FB9',
} as const;

const ChevronDown = (props: object) => <MdiIcon path={mdiChevronDown} {...props} />;

/** Menu settings of every select: lists at most 310 px high, type-ahead with the spec's 1000 ms. */
export const selectMenuProps = {
  marginThreshold: UI.viewportMargin,
  slotProps: {
    paper: { style: { maxHeight: UI.listMaxHeight } },
    list: { onKeyDown: handleTypeAheadKeyDown },
  },
};

/** The light theme of spec sections 1 and 9, with MUI's own texts in the interface language. */
export function createAppTheme(lang: UiLang = 'ru'): Theme {
  return createTheme(
    {
      palette: {
        mode: 'light',
        primary: { main: PALETTE.primary },
        secondary: { main: PALETTE.secondary },
        error: { main: PALETTE.error },
        warning: { main: PALETTE.warning },
        info: { main: PALETTE.info },
        background: { default: '#f5f5f5' },
      },
      breakpoints: { values: BREAKPOINTS },
      // Overlays (dialogs, drawers, menus, popovers) sit at 2000; snackbars and tooltips above them. A
      // temporary drawer is a modal too: at MUI's own 1200 it slid under the spec's overlay layer.
      zIndex: {
        modal: UI.overlayZIndex,
        drawer: UI.overlayZIndex,
        snackbar: UI.overlayZIndex + 100,
        tooltip: UI.overlayZIndex + 200,
      },
      typography: { fontSize: 13 },
      components: {
        MuiButtonBase: { defaultProps: { disableRipple: true } },
        MuiButton: { defaultProps: { disableElevation: true } },
        MuiButtonGroup: { defaultProps: { disableElevation: true } },
        MuiFab: { defaultProps: { disableRipple: true } },
        MuiTextField: {
          defaultProps: { size: 'small', margin: 'dense', variant: 'outlined', minRows: UI.textareaRows },
        },
        MuiFormControl: { defaultProps: { size: 'small', margin: 'dense' } },
        MuiSelect: { defaultProps: { IconComponent: ChevronDown, MenuProps: selectMenuProps } },
        MuiAutocomplete: {
          defaultProps: {
            size: 'small',
            popupIcon: <MdiIcon path={mdiChevronDown} />,
            clearIcon: <MdiIcon path={mdiClose} fontSize="small" />,
            // Overlays keep 12 px from the viewport's edges (spec section 9), as Popover and Dialog do.
            slotProps: {
              popper: { modifiers: [{ name: 'preventOverflow', options: { padding: UI.viewportMargin } }] },
            },
          },
          styleOverrides: { listbox: { maxHeight: UI.listMaxHeight } },
        },
        MuiTooltip: {
          defaultProps: {
            slotProps: {
              popper: { modifiers: [{ name: 'preventOverflow', options: { padding: UI.viewportMargin } }] },
            },
          },
        },
        MuiPopover: { defaultProps: { marginThreshold: UI.viewportMargin } },
        MuiDialog: {
          styleOverrides: {
            paper: {
              margin: UI.viewportMargin,
              maxHeight: `calc(100% - ${UI.viewportMargin * 2}px)`,
              maxWidth: `calc(100% - ${UI.viewportMargin * 2}px)`,
            },
          },
        },
        MuiLinearProgress: { styleOverrides: { root: { height: UI.progressHeight } } },
        MuiCheckbox: {
          defaultProps: {
            size: 'small',
            icon: <MdiIcon path={mdiCheckboxBlankOutline} />,
            checkedIcon: <MdiIcon path={mdiCheckboxMarked} />,
            indeterminateIcon: <MdiIcon path={mdiMinusBox} />,
          },
        },
        MuiChip: { defaultProps: { deleteIcon: <MdiIcon path={mdiCloseCircle} /> } },
        MuiAlert: {
          defaultProps: {
            iconMapping: {
              success: <MdiIcon path={mdiCheckCircleOutline} fontSize="inherit" />,
              info: <MdiIcon path={mdiInformationOutline} fontSize="inherit" />,
              warning: <MdiIcon path={mdiAlertOutline} fontSize="inherit" />,
              error: <MdiIcon path={mdiAlertCircleOutline} fontSize="inherit" />,
            },
          },
        },
      },
    },
    lang === 'ru' ? ruRU : enUS,
  );
}
