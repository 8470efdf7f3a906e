import type { BusinessRecord } from '../api/business';

/** The characters that would break `k1=v1,k2=v2`, written as their URL escapes (as the server reads them). */
const escapeValue = (value: string): string => value.replace(/[%,=]/g, (c) => encodeURIComponent(c));

const textOf = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/**
 * A record's key (SPEC §3, API.md §0): the value of a single key column as text, else
 * `k1=v1,k2=v2` in key order with `%`, `,` and `=` inside values URL-escaped.
 */
export const recordKey = (primaryNames: readonly string[], record: BusinessRecord): string => {
  if (primaryNames.length === 1) return textOf(record[primaryNames[0] ?? '']);
  return primaryNames.map((name) => `${name}=${escapeValue(textOf(record[name]))}`).join(',');
};

const decode = (text: string): string | null => {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
};

/**
 * The key values named by a key text: a single key is taken as it is; a composite key is
 * `k1=v1,k2=v2` (any order, names ignoring case) naming every key column once. Null when malformed.
 */
export const parseRecordKey = (
  primaryNames: readonly string[],
  text: string,
): Record<string, string> | null => {
  if (primaryNames.length === 0) return null;
  if (primaryNames.length === 1) return { [primaryNames[0] ?? '']: text };
  const values: Record<string, string> = {};
  for (const part of text.split(',')) {
    const at = part.indexOf('=');
    if (at <= 0) return null;
    const lower = part.slice(0, at).trim().toLowerCase();
    const name = primaryNames.find((key) => key.toLowerCase() === lower);
    const value = decode(part.slice(at + 1));
    if (name === undefined || value === null || Object.hasOwn(values, name)) return null;
    values[name] = value;
  }
  return Object.keys(values).length === primaryNames.length ? values : null;
};

/** Whether a record has a usable key (every key column holds a value). */
export const hasRecordKey = (primaryNames: readonly string[], record: BusinessRecord): boolean =>
  primaryNames.length > 0 &&
  primaryNames.every((name) => record[name] !== null && record[name] !== undefined && record[name] !== '');
