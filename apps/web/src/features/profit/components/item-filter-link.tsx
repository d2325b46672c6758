import { Link } from '@mui/material';
import { useTranslation } from 'react-i18next';

export interface ItemFilterLinkProps {
  name: string;
  onPick: (name: string) => void;
}

/** An item's name in a profit list: a click narrows the whole screen to the item; a long name ends in «…». */
export function ItemFilterLink({ name, onPick }: ItemFilterLinkProps) {
  const { t } = useTranslation();
  return (
    <Link
      component="button"
      type="button"
      variant="body2"
      underline="hover"
      color="inherit"
      aria-description={t('profit.itemFilterHint')}
      onClick={() => onPick(name)}
      sx={{
        flex: 1,
        minWidth: 0,
        textAlign: 'left',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
      }}
    >
      <span title={name}>{name}</span>
    </Link>
  );
}
