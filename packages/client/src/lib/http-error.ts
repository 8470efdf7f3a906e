import { refusalMessage } from './refusal-message';

/** The error shape every failed request rejects with: Refine reads `statusCode` and maps `errors` onto form fields. */
export interface HttpError {
  message: string;
  /** HTTP status; 0 when no response arrived. */
  statusCode: number;
  /** Field name → message, for 400s. */
  errors?: Record<string, string>;
  /** Server error code (`VALIDATION_ERROR`, `CONFLICT`, ...), when the body had one. */
  code?: string;
  requestId?: string;
}

/** What is known about a failed request: its response, if any, and the transport error message. */
export interface FailedRequest {
  response?: { status: number; statusText?: string; data?: unknown };
  message?: string;
}

export const NETWORK_TIMEOUT_MESSAGE = 'Network timeout';
export const DEFAULT_ERROR_MESSAGE = 'http request error';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const nonBlank = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

const fieldErrors = (value: unknown): Record<string, string> | undefined => {
  if (!isRecord(value)) return undefined;
  const entries = Object.entries(value).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
};

/**
 * docs/product.md §8: a response with a message shows that message, otherwise what its status means
 * in `language` (refusal-message.ts);
 * no response and a message containing "timeout" → 'Network timeout'; otherwise the message or
 * 'http request error'.
 */
export const toHttpError = ({ response, message }: FailedRequest, language?: string): HttpError => {
  if (response) {
    const body = isRecord(response.data) ? response.data : {};
    const error: HttpError = {
      // A bare status (a proxy's page, "Bad Gateway") says what happened in the user's language.
      message: nonBlank(body.message) ?? refusalMessage(response.status, language),
      statusCode: response.status,
    };
    const errors = fieldErrors(body.errors);
    if (errors) error.errors = errors;
    if (typeof body.code === 'string') error.code = body.code;
    if (typeof body.requestId === 'string') error.requestId = body.requestId;
    return error;
  }
  if (message && /timeout/i.test(message)) return { message: NETWORK_TIMEOUT_MESSAGE, statusCode: 0 };
  return { message: nonBlank(message) ?? DEFAULT_ERROR_MESSAGE, statusCode: 0 };
};

/** The status code of anything a request or a Refine hook may reject with. */
export const statusOf = (error: unknown): number | undefined => {
  if (!isRecord(error)) return undefined;
  if (typeof error.statusCode === 'number') return error.statusCode;
  const response = error.response;
  if (isRecord(response) && typeof response.status === 'number') return response.status;
  return undefined;
};
