import { mdiDelete, mdiDotsVertical, mdiPencil } from '@mdi/js';
import { Divider, ListItemIcon, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { AppLink } from '@/components/app-link';
import { CloseOnBack } from '@/components/close-on-back';
import { MdiIcon } from '@/components/mdi-icon';
import { RowIconButton } from '@/components/row-icon-button';
import { paths } from '@/config/paths';

import type { SteamAccountRow } from '../api/get-steam-accounts';
import { actionTitleKey, STEAM_ACTIONS, SUBMENU_GROUPS, type SteamAction } from '../utils/steam-actions';
import { SteamActionSubmenu } from './steam-action-submenu';

export interface SteamAccountRowMenuProps {
  row: SteamAccountRow;
  onEdit: (row: SteamAccountRow) => void;
  onAction: (row: SteamAccountRow, action: SteamAction) => void;
  onDelete: (row: SteamAccountRow) => void;
}

/** A row's menu: edit, the Steam-service actions, delete. */
export function SteamAccountRowMenu({ row, onEdit, onAction, onDelete }: SteamAccountRowMenuProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The menu (a Popover and a Modal, dozens of hooks) mounts on its first opening, not with every row drawn;
  // it stays mounted after, so its closing animation plays.
  const [mounted, setMounted] = useState(false);
  const close = () => setAnchor(null);
  return (
    <>
      <RowIconButton
        label={t('ops.steamAccounts.menuFor', { name: row.steam_account_name })}
        icon={mdiDotsVertical}
        hasPopup="menu"
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setMounted(true);
        }}
      />
      {/* Back closes the menu and stays on the list (spec section 9). */}
      {anchor && <CloseOnBack onBack={close} />}
      {mounted && (
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
      )}
    </>
  );
}
