import { ERROR_CODES, type ErrorCode } from '../../../contract/index';
import type { Localized, Params } from '../i18n/messages';

export interface ApiExceptionExtras {
  /** Values for the placeholders of the catalogue message (used when no message is given). */
  params?: Params;
  headers?: Record<string, string>;
}

/**
 * The error services and routes throw. Without a message the catalogue message of `code` is sent,
 * in the request's language; a Localized message is sent in the request's language too.
 */
export class ApiException extends Error {
  override name = 'ApiException';
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly detail?: string | Localized,
    readonly errors?: Record<string, string | Localized>,
    readonly extras: ApiExceptionExtras = {},
  ) {
    super(typeof detail === 'string' ? detail : (detail?.en ?? code));
    this.status = ERROR_CODES[code];
  }
}
