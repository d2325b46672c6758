import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** The translated name of an enum value: statuses share one list, other enums have their own. */
export function useEnumLabel() {
  const { t, i18n } = useTranslation();
  return useCallback(
    (name: string, value: string) => {
      if (name === 'status' || name.endsWith('_status'))
        return t(`enums.status.${value}`, { defaultValue: value });
      const key = `enums.${name}.${value}`;
      return i18n.exists(key) ? t(key) : value;
    },
    [t, i18n],
  );
}
