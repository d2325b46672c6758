import { mdiDelete, mdiPencil } from '@mdi/js';
import { Divider, ListItemIcon, Menu, MenuItem } from '@mui/material';
import { useTranslation } from 'react-i18next';

import { AppLink } from '@/components/app-link';
import { MdiIcon } from '@/components/mdi-icon';
import { paths } from '@/config/paths';

import type { SteamAccountRow } from '../api/get-steam-accounts';
import { actionTitleKey, STEAM_ACTIONS, SUBMENU_GROUPS, type SteamAction } from '../utils/steam-actions';
import { SteamActionSubmenu } from './steam-action-submenu';

export interface SteamAccountMenuProps {
  row: SteamAccountRow;
  /** The row's menu button while the menu is open, else null. */
  anchor: HTMLElement | null;
  close: () => void;
  onEdit: (row: SteamAccountRow) => void;
  onAction: (row: SteamAccountRow, action: SteamAction) => void;
  onDelete: (row: SteamAccountRow) => void;
}

/**
 * A Steam account's menu: edit, Steam Guard, the Steam-service actions (everyday ones on top, the rest in
 * submenus), delete. Its own module, loaded on the first opening of any row's menu: the list's first screen
 * does not carry the menu's code (steam-account-row-menu.tsx).
 */
export function SteamAccountMenu({ row, anchor, close, onEdit, onAction, onDelete }: SteamAccountMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={close}
      onClick={(event) => event.stopPropagation()}
    >
      <MenuItem
        onClick={() => {
          close();
          onEdit(row);
        }}
      >
        <ListItemIcon>
          <MdiIcon path={mdiPencil} fontSize="small" />
        </ListItemIcon>
        {t('common.edit')}
      </MenuItem>
      {/* Steam Guard is a screen of its own (features/steam-guard): a link, no feature import. */}
      <MenuItem component={AppLink} to={paths.steamAccount.guard.getHref(row.id)} onClick={close}>
        {t('steamGuard.menuEntry')}
      </MenuItem>
      <Divider />
      {STEAM_ACTIONS.filter((action) => action.group === 'top').map((action) => (
        <MenuItem
          key={action.key}
          onClick={() => {
            close();
            onAction(row, action);
          }}
        >
          <ListItemIcon>{action.icon && <MdiIcon path={action.icon} fontSize="small" />}</ListItemIcon>
          {t(actionTitleKey(action))}
        </MenuItem>
      ))}
      {/* The other bot calls in submenus by what the operator looks for, so the menu fits a 768 px screen. */}
      {SUBMENU_GROUPS.map((group) => (
        <SteamActionSubmenu
          key={group}
          group={group}
          onPick={(action) => {
            close();
            onAction(row, action);
          }}
        />
      ))}
      <Divider />
      <MenuItem
        sx={{ color: 'error.main' }}
        onClick={() => {
          close();
          onDelete(row);
        }}
      >
        <ListItemIcon sx={{ color: 'inherit' }}>
          <MdiIcon path={mdiDelete} fontSize="small" />
        </ListItemIcon>
        {t('common.delete')}
      </MenuItem>
    </Menu>
  );
}
