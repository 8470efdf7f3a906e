import type { Socket } from 'node:net';
import { ERROR_MESSAGES } from '../i18n/messages';

const MESSAGES: Record<number, { zh: string; en: string }> = {
  400: ERROR_MESSAGES.VALIDATION_ERROR,
  408: { zh: '请求超时', en: 'The request took too long' },
  413: ERROR_MESSAGES.PAYLOAD_TOO_LARGE,
  431: { zh: '请求头过大', en: 'The request headers are too large' },
};

/** Longest wait for the answer to leave before the socket is destroyed anyway. */
const DESTROY_AFTER_MS = 1000;

const CODES: Record<number, string> = {
  400: 'VALIDATION_ERROR',
  408: 'VALIDATION_ERROR',
  413: 'PAYLOAD_TOO_LARGE',
  431: 'PAYLOAD_TOO_LARGE',
};

/**
 * Fastify's `clientErrorHandler`: a request Node could not even parse (headers too large, bad
 * syntax, too slow) is answered in the same `{code, message}` shape as every other error, then
 * the socket is destroyed, as Node and Fastify do: only ending it would leave it half-open, held
 * (and counted against the connection caps) until a client that never reads or closes gives up.
 * Its headers were not read, so the message is Chinese.
 */
export const answerClientError = (error: Error & { code?: string }, socket: Socket): void => {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const status =
    error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const message = MESSAGES[status] ?? ERROR_MESSAGES.VALIDATION_ERROR;
  const body = JSON.stringify({ code: CODES[status] ?? 'VALIDATION_ERROR', message: message.zh });
  // Once the answer is handed to the system (or, if even that stalls, a second later), the socket
  // is destroyed rather than left waiting for the client's side to close.
  const fallback = setTimeout(() => socket.destroy(), DESTROY_AFTER_MS);
  fallback.unref();
  socket.once('close', () => clearTimeout(fallback));
  socket.end(
    `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request'}\r\n` +
      'Connection: close\r\n' +
      'Content-Type: application/json; charset=utf-8\r\n' +
      'X-Content-Type-Options: nosniff\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    () => socket.destroy(),
  );
};
