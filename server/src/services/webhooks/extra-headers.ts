/** Headers an administrator may not set: the ones an outbound call writes itself. */
export const RESERVED_HEADERS = [
  'Host',
  'Content-Length',
  'Content-Type',
  'Transfer-Encoding',
  'Connection',
  'X-Crudboard-Signature',
  'X-Crudboard-Event',
];

const RESERVED = new Set(RESERVED_HEADERS.map((name) => name.toLowerCase()));

/**
 * A webhook's or schedule's own headers (JSON text of an object of text values) as a call sends
 * them: the reserved ones and values that are not text left out; nothing for bad JSON.
 */
export const extraHeaders = (text: string | null): Record<string, string> => {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, string] =>
          typeof entry[1] === 'string' && !RESERVED.has(entry[0].toLowerCase()),
      ),
    );
  } catch {
    return {};
  }
};

/**
 * Whether a headers field as saved is good: empty, or JSON text of an object whose names are
 * header names (RFC 9110 tokens) other than the reserved ones and whose values are text.
 */
export const isHeaderObjectText = (text: unknown): boolean => {
  if (text === null || text === undefined || text === '') return true;
  if (typeof text !== 'string') return false;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return false;
    return Object.entries(parsed).every(
      ([name, value]) =>
        typeof value === 'string' &&
        /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name) &&
        !RESERVED.has(name.toLowerCase()),
    );
  } catch {
    return false;
  }
};
