import type { UiLang } from '@toydesk/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

import { en } from './locales/en';
import { ru } from './locales/ru';

export const UI_LANGS: readonly UiLang[] = ['ru', 'en'];
export const DEFAULT_LANG: UiLang = 'ru';
const STORAGE_KEY = 'toydesk.lang';

function isUiLang(value: unknown): value is UiLang {
  return value === 'ru' || value === 'en';
}

function storedLanguage(): UiLang {
  try {
    const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
    return isUiLang(stored) ? stored : DEFAULT_LANG;
  } catch {
    return DEFAULT_LANG;
  }
}

/** Russian by default, English as the fallback for anything a Russian text is missing for. */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { ru: { translation: ru }, en: { translation: en } },
  lng: storedLanguage(),
  fallbackLng: 'en',
  supportedLngs: UI_LANGS,
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  saveMissing: true,
  missingKeyHandler: (_langs, _ns, key) => console.warn(`[i18n] missing key: ${key}`),
});
// index.html says ru; a language saved on an earlier visit is the page's language from the start.
if (typeof document !== 'undefined') document.documentElement.lang = getUiLang();

/** The interface language right now: what error messages and rule messages are given in. */
export function getUiLang(): UiLang {
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return isUiLang(lang) ? lang : DEFAULT_LANG;
}

export async function setUiLang(lang: UiLang): Promise<void> {
  await i18n.changeLanguage(lang);
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // Private windows may refuse storage; the choice then lasts for this page only.
  }
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}
