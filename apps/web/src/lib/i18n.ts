import type { UiLang } from '@toydesk/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

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

/**
 * Russian by default, English as the fallback for anything a Russian text is missing for. The Russian set
 * is complete by its type, so English is only read when an operator chooses it: it is a chunk of its own,
 * loaded then (or at start when it was chosen on an earlier visit), which keeps it out of the first
 * screen's scripts (bench:web's 350 KB target).
 */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { ru: { translation: ru } },
  lng: DEFAULT_LANG,
  fallbackLng: 'en',
  supportedLngs: UI_LANGS,
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  saveMissing: true,
  missingKeyHandler: (_langs, _ns, key) => console.warn(`[i18n] missing key: ${key}`),
});

let englishLoaded: Promise<void> | null = null;

/** Makes a language's texts available (English is loaded once, on first use). */
export function loadUiLang(lang: UiLang): Promise<void> {
  if (lang === 'ru') return Promise.resolve();
  englishLoaded ??= import('./locales/en').then(({ en }) => {
    i18n.addResourceBundle('en', 'translation', en, true, true);
  });
  return englishLoaded;
}

/** The interface language right now: what error messages and rule messages are given in. */
export function getUiLang(): UiLang {
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return isUiLang(lang) ? lang : DEFAULT_LANG;
}

export async function setUiLang(lang: UiLang): Promise<void> {
  // Saved at once, before the texts arrive: a page opened meanwhile starts in the chosen language too.
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // Private windows may refuse storage; the choice then lasts for this page only.
  }
  await loadUiLang(lang);
  await i18n.changeLanguage(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/**
 * A language saved on an earlier visit: its texts are asked for at once (one small request to the console's
 * own host); main.tsx mounts the console when they are there, so it does not flash in Russian first. Null
 * when the page starts in Russian.
 */
export const savedLanguageReady: Promise<void> | null =
  storedLanguage() === DEFAULT_LANG
    ? null
    : setUiLang(storedLanguage()).catch((error: unknown) => {
        // The console still starts, in Russian.
        console.warn('[i18n] could not load the saved language', error);
      });
