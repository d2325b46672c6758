import { mdiChevronDown } from '@mdi/js';
import {
  Button,
  ClickAwayListener,
  MenuItem,
  MenuList,
  Paper,
  Popper,
  type ButtonProps,
} from '@mui/material';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

import { UI } from '@/lib/theme';

import { AppLink } from './app-link';
import { CloseOnBack } from './close-on-back';
import { MdiIcon } from './mdi-icon';

export interface HoverMenuItem {
  key: string;
  label: ReactNode;
  /** A console path; the item is a link. */
  to?: string;
  onSelect?: () => void;
  selected?: boolean;
}

export interface HoverMenuProps {
  label: ReactNode;
  items: readonly HoverMenuItem[];
  /** The button looks selected (one of the items is the current page). */
  active?: boolean;
  openDelay?: number;
  closeDelay?: number;
  buttonProps?: ButtonProps;
}

/**
 * A menu that opens when the pointer rests on its button for 300 ms and closes 250 ms after it leaves
 * (spec section 9). A click or Enter opens it at once; Escape, a click outside and Back close it (Back then
 * stays on the page).
 */
export function HoverMenu({
  label,
  items,
  active,
  openDelay = UI.menuOpenDelayMs,
  closeDelay = UI.menuCloseDelayMs,
  buttonProps,
}: HoverMenuProps) {
  const [open, setOpen] = useState(false);
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const menuId = useId();

  const clear = () => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  };
  const later = (next: boolean, delay: number) => {
    clear();
    timer.current = setTimeout(() => setOpen(next), delay);
  };
  useEffect(() => clear, []);

  const close = () => {
    clear();
    setOpen(false);
  };

  // Opened by hover or click, the menu never has the focus: Escape is heard on the document. Back closes
  // it like the other overlays, and the page stays (CloseOnBack below, spec section 9).
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      clear();
      setOpen(false);
      anchor?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, anchor]);

  return (
    <>
      <Button
        ref={setAnchor}
        color="inherit"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        endIcon={<MdiIcon path={mdiChevronDown} />}
        onMouseEnter={() => later(true, openDelay)}
        onMouseLeave={() => later(false, closeDelay)}
        onClick={() => {
          clear();
          setOpen((value) => !value);
        }}
        sx={{
          fontWeight: active ? 700 : 400,
          borderBottom: active ? 2 : 0,
          borderRadius: 0,
          borderColor: 'currentColor',
        }}
        {...buttonProps}
      >
        {label}
      </Button>
      {open && <CloseOnBack onBack={close} />}
      <Popper
        open={open}
        anchorEl={anchor}
        placement="bottom-start"
        sx={{ zIndex: UI.overlayZIndex }}
        modifiers={[{ name: 'preventOverflow', options: { padding: UI.viewportMargin } }]}
      >
        <ClickAwayListener onClickAway={close}>
          <Paper elevation={4} onMouseEnter={clear} onMouseLeave={() => later(false, closeDelay)}>
            <MenuList id={menuId} autoFocusItem={false} dense>
              {items.map((item) =>
                item.to ? (
                  <MenuItem
                    key={item.key}
                    component={AppLink}
                    to={item.to}
                    selected={item.selected}
                    onClick={close}
                  >
                    {item.label}
                  </MenuItem>
                ) : (
                  <MenuItem
                    key={item.key}
                    selected={item.selected}
                    onClick={() => {
                      close();
                      item.onSelect?.();
                    }}
                  >
                    {item.label}
                  </MenuItem>
                ),
              )}
            </MenuList>
          </Paper>
        </ClickAwayListener>
      </Popper>
    </>
  );
}
