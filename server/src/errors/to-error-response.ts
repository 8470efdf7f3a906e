import type { ApiError, ErrorCode } from '../../../contract/index';
import {
  errorMessage,
  fieldMessage,
  format,
  type FieldMessageKey,
  type Lang,
  type Localized,
} from '../i18n/messages';
import { ApiException } from './api-exception';
import { fieldErrors, type SchemaError } from './field-errors';
import { badValueMessage } from './is-bad-value-error';
import { isBusyError } from './is-busy-error';
import { isConnectionError } from './is-connection-error';
import { isUnknownColumn } from './is-unknown-column';
import { metadataMessage } from '../i18n/metadata-messages';
import { queryTimeoutOf } from './is-query-timeout';

export interface ErrorResponse {
  status: number;
  body: ApiError;
  headers: Record<string, string>;
  /** True for failures the server must log (5xx). */
  unexpected: boolean;
}

interface FrameworkError {
  code?: unknown;
  statusCode?: unknown;
  validation?: SchemaError[];
  validationContext?: string;
}

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

/**
 * PostgreSQL refusing a text it cannot hold (a NUL character, a byte sequence invalid in UTF-8)
 * wherever it came from: a name in the URL, a filter value, a field.
 */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

/** What a 503 suggests to wait before trying again: for the database to come back, or its locks to be freed. */
const RETRY_AFTER_SECONDS = 5;
const BUSY_RETRY_AFTER_SECONDS = 2;

/** A 503: the database cannot do the work right now; the same request may succeed after `retryAfter` seconds. */
const unavailable = (
  code: 'DATABASE_UNAVAILABLE' | 'DATABASE_BUSY',
  retryAfter: number,
  lang: Lang,
  requestId: string,
): ErrorResponse => ({
  status: 503,
  body: { code, message: errorMessage(code, lang), requestId },
  headers: { 'retry-after': String(retryAfter) },
  unexpected: true,
});

const INVALID_JSON_CODES = new Set(['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY']);

const text = (value: string | Localized, lang: Lang): string =>
  typeof value === 'string' ? value : format(value, lang);

const fromApiException = (error: ApiException, lang: Lang): ErrorResponse => {
  const body: ApiError = {
    code: error.code,
    message: error.detail ? text(error.detail, lang) : errorMessage(error.code, lang, error.extras.params),
  };
  if (error.errors) {
    body.errors = Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, text(v, lang)]));
  }
  return { status: error.status, body, headers: error.extras.headers ?? {}, unexpected: false };
};

/** A 400 whose one field error is a catalogue message. */
const invalidField = (field: string, key: FieldMessageKey, lang: Lang): ErrorResponse => ({
  status: 400,
  body: {
    code: 'VALIDATION_ERROR',
    message: errorMessage('VALIDATION_ERROR', lang),
    errors: { [field]: fieldMessage(key, lang) },
  },
  headers: {},
  unexpected: false,
});

/**
 * Maps anything thrown while handling a request to the docs/api.md §0 error body. Only 4xx errors
 * keep their detail; everything else becomes a generic 500 carrying the request id. `table` names
 * the table the request is about, when it names one.
 */
export const toErrorResponse = (
  error: unknown,
  lang: Lang,
  requestId: string,
  table?: string,
): ErrorResponse => {
  if (error instanceof ApiException) return fromApiException(error, lang);
  const framework = (error ?? {}) as FrameworkError;
  if (Array.isArray(framework.validation)) {
    const part = framework.validationContext ?? 'body';
    return {
      status: 400,
      body: {
        code: 'VALIDATION_ERROR',
        message: errorMessage('VALIDATION_ERROR', lang),
        errors: fieldErrors(framework.validation, part, lang),
      },
      headers: {},
      unexpected: false,
    };
  }
  if (typeof framework.code === 'string' && INVALID_JSON_CODES.has(framework.code)) {
    return invalidField('body', 'invalidJson', lang);
  }
  if (typeof framework.code === 'string' && UNSTORABLE_TEXT.has(framework.code)) {
    return invalidField('text', 'unstorableText', lang);
  }
  const timeoutMs = queryTimeoutOf(error);
  if (timeoutMs !== null) {
    const seconds = Math.round(timeoutMs / 100) / 10;
    return fromApiException(
      new ApiException('QUERY_TIMEOUT', undefined, undefined, { params: { seconds } }),
      lang,
    );
  }
  const badValue = badValueMessage(error);
  if (badValue) return invalidField('value', badValue, lang);
  if (isUnknownColumn(error)) {
    // A table whose metadata and physical columns disagree: refused, never a 500 (see schema-lock).
    return fromApiException(
      new ApiException(
        'CONFLICT',
        table ? metadataMessage('tableOutOfStep', { name: table }) : metadataMessage('someTableOutOfStep'),
      ),
      lang,
    );
  }
  if (isConnectionError(error))
    return unavailable('DATABASE_UNAVAILABLE', RETRY_AFTER_SECONDS, lang, requestId);
  if (isBusyError(error)) return unavailable('DATABASE_BUSY', BUSY_RETRY_AFTER_SECONDS, lang, requestId);
  const status = typeof framework.statusCode === 'number' ? framework.statusCode : 500;
  if (status >= 400 && status < 500) {
    const code = CODE_BY_STATUS[status] ?? 'VALIDATION_ERROR';
    return { status, body: { code, message: errorMessage(code, lang) }, headers: {}, unexpected: false };
  }
  return {
    status: 500,
    body: { code: 'INTERNAL_ERROR', message: errorMessage('INTERNAL_ERROR', lang), requestId },
    headers: {},
    unexpected: true,
  };
};
