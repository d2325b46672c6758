import { mdiChevronLeft } from '@mdi/js';
import { ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { MdiIcon } from '@/components/mdi-icon';

import {
  actionTitleKey,
  STEAM_ACTIONS,
  type SteamAction,
  type SteamActionSubmenuGroup,
} from '../utils/steam-actions';

export interface SteamActionSubmenuProps {
  group: SteamActionSubmenuGroup;
  onPick: (action: SteamAction) => void;
}

/**
 * One group of the row menu's bot calls (profile, groups and feed, inventory, ...) as an item that opens its
 * own menu. It opens to the left: the row menu sits at the table's right edge, a menu to its right would
 * leave the screen at 1366 px.
 */
export function SteamActionSubmenu({ group, onPick }: SteamActionSubmenuProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const actions = STEAM_ACTIONS.filter((action) => action.group === group);
  const label = t(`botCalls.groups.${group}`);
  const openOnKey = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    event.stopPropagation();
    setAnchor(event.currentTarget);
  };
  return (
    <>
      <MenuItem
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        data-group={group}
        onClick={(event) => setAnchor(event.currentTarget)}
        onKeyDown={openOnKey}
      >
        <ListItemIcon>
          <MdiIcon path={mdiChevronLeft} fontSize="small" />
        </ListItemIcon>
        <ListItemText>{label}</ListItemText>
      </MenuItem>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-label': label, dense: true } }}
      >
        {actions.map((action) => (
          <MenuItem
            key={action.key}
            onClick={() => {
              setAnchor(null);
              onPick(action);
            }}
          >
            {t(actionTitleKey(action))}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
