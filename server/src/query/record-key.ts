/** The characters that would break `k1=v1,k2=v2`, written as their URL escapes. */
const escapeValue = (value: string): string => value.replace(/[%,=]/g, (c) => encodeURIComponent(c));

const decodeValue = (text: string): string | null => {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
};

/**
 * A record's key as the API writes it (API.md §0, SPEC.md §3): the value itself for a single key
 * column, else `k1=v1,k2=v2` in key order with `%`, `,` and `=` inside values URL-escaped.
 */
export const encodeRecordKey = (keyNames: readonly string[], record: Record<string, unknown>): string => {
  if (keyNames.length === 1) return String(record[keyNames[0] ?? '']);
  return keyNames.map((name) => `${name}=${escapeValue(String(record[name]))}`).join(',');
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
 * The key values of one record from its URL form: a single key is taken as it is; a composite key
 * is `k1=v1,k2=v2` (any order, names ignoring case, values URL-decoded) naming every key column
 * once. Null when malformed.
 */
export const decodeRecordKey = (keyNames: readonly string[], text: string): Record<string, string> | null => {
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
 * The records named by `ids` of `/all?ids=` or a batch body joined by commas: single keys split on
 * commas (blanks dropped); composite keys are consecutive `k=v` pairs, a new record starting when a
 * key name repeats. Null when malformed.
 */
export const splitRecordKeys = (
  keyNames: readonly string[],
  text: string,
): Record<string, string>[] | null => {
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
