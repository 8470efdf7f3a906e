/**
 * Record keys on the wire (docs/contract.md): the value itself for a single key column, else
 * `k1=v1,k2=v2` in key order with `%`, `,` and `=` inside values URL-escaped.
 */

/** The characters that would break `k1=v1,k2=v2`, written as their URL escapes. */
const escapeValue = (value: string): string => value.replace(/[%,=]/g, (c) => encodeURIComponent(c));

/** A key value as text; a missing value is empty text. */
const textOf = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

const decodeValue = (text: string): string | null => {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
};

/** A record's key text from its key column values. */
export const encodeRecordKey = (
  keyNames: readonly string[],
  record: Readonly<Record<string, unknown>>,
): string => {
  if (keyNames.length === 1) return textOf(record[keyNames[0] ?? '']);
  return keyNames.map((name) => `${name}=${escapeValue(textOf(record[name]))}`).join(',');
};

const pairOf = (part: string, keyNames: readonly string[]): [string, string] | null => {
  const at = part.indexOf('=');
  if (at <= 0) return null;
  const lower = part.slice(0, at).trim().toLowerCase();
  const name = keyNames.find((key) => key.toLowerCase() === lower);
  const value = decodeValue(part.slice(at + 1));
  return name === undefined || value === null ? null : [name, value];
};

/**
 * The key values of one record from its key text: a single key is taken as it is; a composite key
 * is `k1=v1,k2=v2` (any order, names ignoring case, values URL-decoded) naming every key column
 * once. Null when malformed or when the table has no key.
 */
export const decodeRecordKey = (keyNames: readonly string[], text: string): Record<string, string> | null => {
  if (keyNames.length === 0) return null;
  if (keyNames.length === 1) return { [keyNames[0] ?? '']: text };
  const values: Record<string, string> = {};
  for (const part of text.split(',')) {
    const pair = pairOf(part, keyNames);
    if (!pair || Object.hasOwn(values, pair[0])) return null;
    values[pair[0]] = pair[1];
  }
  return Object.keys(values).length === keyNames.length ? values : null;
};

/**
 * The records named by a list of keys joined by commas (`ids=` of `/all`, batch bodies): single
 * keys split on commas (blanks dropped); composite keys are consecutive `k=v` pairs, a new record
 * starting when a key name repeats. Null when malformed or when the table has no key.
 */
export const splitRecordKeys = (
  keyNames: readonly string[],
  text: string,
): Record<string, string>[] | null => {
  if (keyNames.length === 0) return null;
  const parts = text.split(',').map((part) => part.trim());
  if (keyNames.length === 1) {
    return parts.filter((part) => part !== '').map((part) => ({ [keyNames[0] ?? '']: part }));
  }
  const records: Record<string, string>[] = [];
  let current: Record<string, string> = {};
  for (const part of parts) {
    if (part === '') continue;
    const pair = pairOf(part, keyNames);
    if (!pair) return null;
    if (Object.hasOwn(current, pair[0])) {
      records.push(current);
      current = {};
    }
    current[pair[0]] = pair[1];
  }
  if (Object.keys(current).length > 0) records.push(current);
  return records.every((record) => Object.keys(record).length === keyNames.length) ? records : null;
};
