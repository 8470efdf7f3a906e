import type { IncomingHttpHeaders } from 'node:http';
import { ApiException } from '../../errors/api-exception';
import { idempotencyMessage } from '../../i18n/idempotency-messages';
import { IDEMPOTENCY_KEY_HEADER, MAX_IDEMPOTENCY_KEY_LENGTH, readIdempotencyKey } from './idempotency-key';

/** The name a 400 gives the header under `errors`. */
const FIELD = 'Idempotency-Key';

/** What of a request is read: its headers, and the raw list in which a repeated header shows. */
export interface KeyedRequest {
  headers: IncomingHttpHeaders;
  raw: { rawHeaders: readonly string[] };
}

/** Each value the header was sent with (Node joins repeated ones with commas in `headers`). */
const sentValues = (rawHeaders: readonly string[]): string[] => {
  const values: string[] = [];
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    if (rawHeaders[index]?.toLowerCase() === IDEMPOTENCY_KEY_HEADER) values.push(rawHeaders[index + 1] ?? '');
  }
  return values;
};

/**
 * The `Idempotency-Key` a request carries, undefined without one (a single property look-up); 400
 * `VALIDATION_ERROR` naming the header when the value is no key (idempotency-key.ts) or the header
 * came twice.
 */
export const requestIdempotencyKey = (request: KeyedRequest): string | undefined => {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (header === undefined) return undefined;
  const sent = sentValues(request.raw.rawHeaders);
  const reading = readIdempotencyKey(sent.length > 1 ? sent : header);
  if (reading.kind === 'none') return undefined;
  if (reading.kind === 'key') return reading.key;
  throw new ApiException('VALIDATION_ERROR', idempotencyMessage('invalidKey'), {
    [FIELD]: idempotencyMessage(reading.problem, {
      max: MAX_IDEMPOTENCY_KEY_LENGTH,
      length: reading.length,
    }),
  });
};
