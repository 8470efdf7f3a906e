/** The languages of the UI, and of the captions an administrator may give per language. */
export const CAPTION_LANGUAGES = ['zh-CN', 'en-US'] as const;
export type CaptionLanguage = (typeof CAPTION_LANGUAGES)[number];

/** A caption per language; a language without one falls back (see `captionIn`). */
export type Captions = Partial<Record<CaptionLanguage, string>>;

/** The longest caption, in characters, in any language. */
export const MAX_CAPTION_LENGTH = 200;

/** Something shown by its caption: a table, a column or a relation. */
export interface Captioned {
  name: string;
  caption?: string | null;
  captions?: Captions | null;
}

const filled = (text: string | null | undefined): text is string =>
  typeof text === 'string' && text.trim() !== '';

/**
 * The caption to show in a language: the one given for that language, else the default caption
 * (`caption`), else the one given for another language, else the name.
 */
export const captionIn = (item: Captioned, language: CaptionLanguage): string => {
  const own = item.captions?.[language];
  if (filled(own)) return own;
  if (filled(item.caption)) return item.caption;
  const other = CAPTION_LANGUAGES.map((lang) => item.captions?.[lang]).find(filled);
  return other ?? item.name;
};

/** The UI language a locale code stands for (`en`, `en-GB` → `en-US`; anything else → `zh-CN`). */
export const captionLanguageOf = (locale: string | undefined): CaptionLanguage =>
  locale?.toLowerCase().startsWith('en') ? 'en-US' : 'zh-CN';

/**
 * Captions as stored: only the known languages, trimmed, blank ones left out; null when none is
 * left. Text that is not an object of strings is not captions (null).
 */
export const normalizeCaptions = (value: unknown): Captions | null => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const result: Captions = {};
  for (const language of CAPTION_LANGUAGES) {
    const text = (value as Record<string, unknown>)[language];
    if (typeof text === 'string' && text.trim() !== '') result[language] = text.trim();
  }
  return Object.keys(result).length > 0 ? result : null;
};
