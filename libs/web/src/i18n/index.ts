import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { commonEn, commonZh } from './common';

export type Lang = 'zh' | 'en';
export type Dict = { [key: string]: string | Dict };
export const LANG_KEY = 'i18nextLng';
export const LANGS: readonly Lang[] = ['zh', 'en'];

/** zh is the default; anything stored that is not a known language falls back to it. */
export function normaliseLang(value: string | null | undefined): Lang {
  return value?.toLowerCase().startsWith('en') ? 'en' : 'zh';
}

export function storedLang(): Lang {
  try {
    return normaliseLang(localStorage.getItem(LANG_KEY));
  } catch {
    return 'zh';
  }
}

const pending: Array<{ zh: Dict; en: Dict }> = [];

/**
 * Adds an app's dictionary to the one i18next instance (shared as a singleton between the shell and the
 * remotes). Dictionaries added before initI18n are merged in when it runs.
 */
export function addDictionary(zh: Dict, en: Dict): void {
  if (!i18n.isInitialized) {
    pending.push({ zh, en });
    return;
  }
  i18n.addResourceBundle('zh', 'translation', zh, true, true);
  i18n.addResourceBundle('en', 'translation', en, true, true);
}

/** Initialises i18next once (the shell, or a remote running standalone). */
export async function initI18n(): Promise<typeof i18n> {
  if (i18n.isInitialized) return i18n;
  await i18n.use(initReactI18next).init({
    resources: { zh: { translation: commonZh }, en: { translation: commonEn } },
    lng: storedLang(),
    fallbackLng: 'zh',
    supportedLngs: LANGS as Lang[],
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  for (const d of pending.splice(0)) addDictionary(d.zh, d.en);
  document.documentElement.lang = i18n.language === 'en' ? 'en' : 'zh-CN';
  return i18n;
}

export function currentLang(): Lang {
  return normaliseLang(i18n.language);
}

export async function changeLang(lang: Lang): Promise<void> {
  localStorage.setItem(LANG_KEY, lang);
  await i18n.changeLanguage(lang);
  document.documentElement.lang = lang === 'en' ? 'en' : 'zh-CN';
}

/** Translates outside React (the API client, rule adapters). */
export function tr(key: string, params?: Record<string, unknown>): string {
  return i18n.t(key, params) as string;
}

export { i18n };
export { commonEn, commonZh } from './common';
export type { DictOf } from './common';
