import type { UiLang } from '@toydesk/contract';
import { useTranslation } from 'react-i18next';

/**
 * `useTranslation()` with the interface language the console formats in (money, dates, entity labels):
 * English when the operator chose it, else Russian, the default. `i18n.resolvedLanguage` alone may be
 * undefined before the first load, and the contract's labels know only these two.
 */
export function useUiLang() {
  const { t, i18n } = useTranslation();
  const lang: UiLang = i18n.resolvedLanguage === 'en' ? 'en' : 'ru';
  return { t, i18n, lang };
}
