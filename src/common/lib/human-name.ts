import type { Captioned } from '../../../contract';

const filled = (text: string | null | undefined): boolean => typeof text === 'string' && text.trim() !== '';

/** Whether a table, column or relation was given a caption in any language. */
export const hasCaption = (item: Pick<Captioned, 'caption' | 'captions'>): boolean =>
  filled(item.caption) || Object.values(item.captions ?? {}).some((text) => filled(text));

const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]*$/;

/**
 * A database name as words for a label (`first_name`, `firstName` → `First name`, `customer_ID` →
 * `Customer ID`); a name that is not a plain Latin identifier as it is.
 */
export const humanizedName = (name: string): string => {
  if (!IDENTIFIER.test(name)) return name;
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[_\s]+/)
    .filter((word) => word !== '')
    .map((word) => (word.length > 1 && word === word.toUpperCase() ? word : word.toLowerCase()));
  if (words.length === 0) return name;
  const [first = '', ...rest] = words;
  return [first.charAt(0).toUpperCase() + first.slice(1), ...rest].join(' ');
};
