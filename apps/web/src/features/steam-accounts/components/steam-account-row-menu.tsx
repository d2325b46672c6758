import { mdiDotsVertical } from '@mdi/js';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { CloseOnBack } from '@/components/close-on-back';
import { RowIconButton } from '@/components/row-icon-button';

import type { SteamAccountRow } from '../api/get-steam-accounts';
import type { SteamAction } from '../utils/steam-actions';

const SteamAccountMenu = lazy(() =>
  import('./steam-account-menu').then((module) => ({ default: module.SteamAccountMenu })),
);

export interface SteamAccountRowMenuProps {
  row: SteamAccountRow;
  onEdit: (row: SteamAccountRow) => void;
  onAction: (row: SteamAccountRow, action: SteamAction) => void;
  onDelete: (row: SteamAccountRow) => void;
}

/** A row's menu button; the menu (steam-account-menu.tsx) is loaded and mounted on its first opening. */
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
        <Suspense fallback={null}>
          <SteamAccountMenu
            row={row}
            anchor={anchor}
            close={close}
            onEdit={onEdit}
            onAction={onAction}
            onDelete={onDelete}
          />
        </Suspense>
      )}
    </>
  );
}
