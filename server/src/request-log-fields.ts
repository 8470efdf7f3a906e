import type { FastifyRequest } from 'fastify';

/**
 * A URL as the access log keeps it: without its query string (filters and search words may be
 * personal data) and with the name of a download hidden (`/download/…`: whoever reads the log
 * must not learn the links).
 */
export const loggedUrl = (url: string): string => {
  const path = url.split('?')[0] ?? '';
  if (path.startsWith('/download/files/')) return '/download/files/…';
  if (path.startsWith('/download/')) return '/download/…';
  return path;
};

/** What the access log records of a request (Fastify's `req` serializer). */
export const requestLogFields = (request: FastifyRequest) => ({
  method: request.method,
  url: loggedUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});
