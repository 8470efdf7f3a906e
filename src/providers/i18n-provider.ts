import type { I18nProvider } from '@refinedev/core';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import zhCN from '../locales/zh-CN.json';
import { PREFERENCE_KEYS, readPreference, writePreference } from '../store/preferences';

export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

/** dayjs locale names of the app's locales. */
export const DAYJS_LOCALES: Record<Locale, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en' };

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/** Any language tag → one of the app's locales (`en`, `en-GB` → en-US; anything else → zh-CN). */
export const normaliseLocale = (value: string | null | undefined): Locale => {
  if (isLocale(value)) return value;
  return value?.toLowerCase().startsWith('en') ? 'en-US' : DEFAULT_LOCALE;
};

const initialLocale = (): Locale => {
  const stored = readPreference(PREFERENCE_KEYS.locale);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
};

/** The app's one i18next instance; zh-CN is both the default and the fallback. */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  // English is loaded when first used (it stays out of the login page's scripts).
  resources: { 'zh-CN': { translation: zhCN } },
  lng: initialLocale(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
dayjs.locale(DAYJS_LOCALES[normaliseLocale(i18n.language)]);

export const getLocale = (): Locale => normaliseLocale(i18n.language);

/** More texts per locale (the extensions'), merged into every locale once its own texts are there. */
const moreTexts: ((locale: Locale) => Record<string, unknown>)[] = [];

/** Makes sure a locale's texts are there (en-US is a separate chunk, fetched once). */
export const loadLocale = async (locale: Locale): Promise<void> => {
  if (locale === DEFAULT_LOCALE || i18n.hasResourceBundle(locale, 'translation')) return;
  const { default: texts } = await import('../locales/en-US.json');
  i18n.addResourceBundle(locale, 'translation', texts);
  for (const more of moreTexts) i18n.addResourceBundle(locale, 'translation', more(locale), true, true);
};

/** Adds texts to every locale: now to the loaded ones, later to the others as they load. */
export const addTexts = (texts: (locale: Locale) => Record<string, unknown>): void => {
  moreTexts.push(texts);
  for (const locale of LOCALES) {
    if (locale === DEFAULT_LOCALE || i18n.hasResourceBundle(locale, 'translation'))
      i18n.addResourceBundle(locale, 'translation', texts(locale), true, true);
  }
};

/** Settles once the remembered language's texts are loaded: the app renders after it. */
export const i18nReady: Promise<void> = loadLocale(normaliseLocale(i18n.language)).then(
  // A language whose texts cannot be fetched shows the default ones.
  () => undefined,
  () => undefined,
);

/** Switches the UI language: i18next, dayjs, and the remembered choice (antd follows via useLocale). */
export const changeLocale = async (locale: string): Promise<Locale> => {
  const next = normaliseLocale(locale);
  await loadLocale(next);
  await i18n.changeLanguage(next);
  dayjs.locale(DAYJS_LOCALES[next]);
  writePreference(PREFERENCE_KEYS.locale, next);
  return next;
};

/**
 * Refine calls `translate(key, options, defaultMessage)` or `translate(key, defaultMessage)`.
 * A key missing in the current language yields the default when one is given (so dynamic table
 * titles show their caption, never a raw key), else the zh-CN text.
 */
export const translate = (key: string, options?: unknown, defaultMessage?: string): string => {
  const params = typeof options === 'object' && options !== null ? (options as Record<string, unknown>) : {};
  const fallback = typeof options === 'string' ? options : defaultMessage;
  if (fallback === undefined) return i18n.t(key, params);
  return i18n.t(key, { ...params, defaultValue: fallback, fallbackLng: false });
};

export const i18nProvider: I18nProvider = {
  translate,
  changeLocale,
  getLocale,
};
