/** The request header that makes a create safe to retry (docs/api.md §3, safe retries of a create). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** The answer header that says an answer is the stored one of an earlier request with the key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** Why a header value is no key: none, too long, a character that is not printable ASCII, sent twice. */
export type IdempotencyKeyProblem = 'empty' | 'tooLong' | 'notPrintable' | 'repeated';

export type IdempotencyKeyReading =
  | { kind: 'none' }
  | { kind: 'key'; key: string }
  | { kind: 'invalid'; problem: IdempotencyKeyProblem; length: number };

/** Space to `~`: what a key may hold. */
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

/**
 * The `Idempotency-Key` of a request, as Node hands the header over (undefined when absent, a list
 * when a client library sent it twice): a key of 1 to 255 printable ASCII characters, taken as it
 * is (case and inner spaces count); empty or blank, longer, with a control or non-ASCII character,
 * or given twice, the problem instead. Pure.
 */
export const readIdempotencyKey = (header: string | readonly string[] | undefined): IdempotencyKeyReading => {
  if (header === undefined) return { kind: 'none' };
  if (typeof header !== 'string') return { kind: 'invalid', problem: 'repeated', length: header.length };
  const { length } = header;
  if (header.trim() === '') return { kind: 'invalid', problem: 'empty', length };
  if (length > MAX_IDEMPOTENCY_KEY_LENGTH) return { kind: 'invalid', problem: 'tooLong', length };
  if (!PRINTABLE_ASCII.test(header)) return { kind: 'invalid', problem: 'notPrintable', length };
  return { kind: 'key', key: header };
};
