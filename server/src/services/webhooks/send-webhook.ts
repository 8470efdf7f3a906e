/**
 * Sends one webhook call and reports what came back; it never throws.
 *
 * Every connection, the first and each redirect's, is checked on the address it actually connects
 * to: the socket's own name lookup refuses an address that is not public (webhook-target.ts) unless
 * the allow list lets it through, so a DNS answer that changed since the URL was saved gains
 * nothing. Redirects (301, 302, 303, 307, 308) are followed by hand, up to `maxRedirects`: a 303
 * turns the call into a GET without a body (a HEAD stays a HEAD); the others repeat the same
 * method and body, so a POST is never turned into a GET on a 301 or 302. Authorization and cookies
 * are not sent on to another origin. One time limit covers the whole exchange, redirects and answer
 * included. Only the first `responseBytes` bytes of the answer are read; then the connection is
 * closed.
 */
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { WebhookAllowList } from './webhook-allow-list';
import {
  bareHost,
  firstRefusedAddress,
  lookupAll,
  readTargetUrl,
  type HostLookup,
  type ResolvedAddress,
  type TargetUrl,
} from './webhook-target';

export interface WebhookRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
  /** For the whole exchange: connections, redirects and the answer. */
  timeoutMs: number;
  /** Default 3. */
  maxRedirects?: number;
  /** How much of the answer is kept; default 1024. */
  responseBytes?: number;
}

export interface WebhookResult {
  /** The final answer's status; null when there is none (`error` says why). */
  status: number | null;
  /** The start of the final answer (`responseBytes` bytes at most), as UTF-8. */
  body: string;
  /** A short English text when the call failed, else null. An answer of any status is no error. */
  error: string | null;
}

const DEFAULT_MAX_REDIRECTS = 3;
const DEFAULT_RESPONSE_BYTES = 1024;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Headers that describe the connection or the body's length: set here, never taken from the caller. */
const FRAMING_HEADERS = new Set(['host', 'content-length', 'transfer-encoding', 'connection']);
/** Headers not sent on to another origin after a redirect. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie']);
/** Headers about the body, dropped with it when a 303 turns the call into a GET. */
const BODY_HEADERS = new Set(['content-type', 'content-encoding', 'content-language', 'content-location']);
/** Error codes of a name that does not resolve. */
const UNRESOLVED_CODES = new Set(['ENOTFOUND', 'ENODATA', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME']);
const MAX_ERROR_LENGTH = 200;

/** One request of the exchange: the first, or one after a redirect. */
interface Hop {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

/** What one request came to: the result, or the request to make next. */
type HopOutcome = { done: WebhookResult } | { next: Hop };

/** A connection would have gone to an address that may not be reached. */
class RefusedAddressError extends Error {
  constructor(readonly address: string) {
    super(`${address} is a private address`);
  }
}

const failed = (error: string): WebhookResult => ({ status: null, body: '', error });

const errorCode = (error: unknown): string | undefined =>
  error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;

const shortText = (text: string): string => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX_ERROR_LENGTH ? `${line.slice(0, MAX_ERROR_LENGTH - 1)}…` : line;
};

/** The error text of a URL that may not be called. */
const urlError = (target: Exclude<TargetUrl, { ok: true }>, redirected: boolean): string => {
  if (target.reason === 'scheme') {
    return `${redirected ? 'refused redirect' : 'refused'}: scheme ${target.scheme} is not allowed`;
  }
  const what = redirected ? 'invalid redirect location' : 'invalid url';
  return target.reason === 'credentials' ? `${what}: a user or password is not allowed` : what;
};

/** The error text of a failed request to `host`. */
const requestError = (error: unknown, host: string, signal: AbortSignal, redirected: boolean): string => {
  if (signal.aborted) return 'timeout';
  if (error instanceof RefusedAddressError) {
    return `${redirected ? 'refused redirect' : 'refused'}: ${error.message}`;
  }
  if (UNRESOLVED_CODES.has(errorCode(error) ?? '')) return `unresolved: ${host}`;
  return shortText(error instanceof Error ? error.message : String(error));
};

const notFound = (host: string): Error =>
  Object.assign(new Error(`no address for ${host}`), { code: 'ENOTFOUND' });

const familyNumber = (family: number | string | undefined): number =>
  family === 4 || family === 'IPv4' ? 4 : family === 6 || family === 'IPv6' ? 6 : 0;

/** The addresses found for `host`, or the error the socket fails with. */
const checkedAddresses = (
  host: string,
  found: readonly ResolvedAddress[],
  allow: WebhookAllowList,
): readonly ResolvedAddress[] | Error => {
  if (found.length === 0) return notFound(host);
  const refused = firstRefusedAddress(
    host,
    found.map(({ address }) => address),
    allow,
  );
  return refused === null ? found : new RefusedAddressError(refused);
};

type LookupOptions = Parameters<LookupFunction>[1];
type LookupCallback = Parameters<LookupFunction>[2];

/** Hands the checked addresses to the socket, in the form it asked for (all, or one of a family). */
const answerLookup = (
  answer: readonly ResolvedAddress[] | Error,
  host: string,
  options: LookupOptions,
  callback: LookupCallback,
): void => {
  if (answer instanceof Error) {
    callback(answer, '');
  } else if (options.all === true) {
    callback(
      null,
      answer.map(({ address, family }) => ({ address, family })),
    );
  } else {
    const family = familyNumber(options.family);
    const first = answer.find((found) => family === 0 || found.family === family);
    if (first === undefined) callback(notFound(host), '');
    else callback(null, first.address, first.family);
  }
};

const toError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

/**
 * The name lookup a socket makes before it connects: every address of the name must be public or
 * allowed, else the socket fails without connecting.
 */
const guardedLookup =
  (allow: WebhookAllowList, lookup: HostLookup): LookupFunction =>
  (host, options, callback) => {
    void lookup(host)
      .then((found) => checkedAddresses(host, found, allow), toError)
      .then((answer) => answerLookup(answer, host, options, callback));
  };

/** Whether the request carries a body (and so a Content-Length). */
const sendsBody = (hop: Hop): boolean => hop.body !== '' || (hop.method !== 'GET' && hop.method !== 'HEAD');

/** Sends one request; resolves with the answer once its head has come. */
const openAnswer = (
  url: URL,
  hop: Hop,
  allow: WebhookAllowList,
  lookup: HostLookup,
  signal: AbortSignal,
): Promise<IncomingMessage> =>
  new Promise((resolve, reject) => {
    // An address in the URL is connected to without a lookup: it is checked here instead.
    const host = bareHost(url);
    const refused = isIP(host) === 0 ? null : firstRefusedAddress(host, [host], allow);
    if (refused !== null) throw new RefusedAddressError(refused);
    const body = Buffer.from(hop.body, 'utf8');
    const headers = sendsBody(hop) ? { ...hop.headers, 'content-length': String(body.length) } : hop.headers;
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      { method: hop.method, headers, agent: false, lookup: guardedLookup(allow, lookup), signal },
      resolve,
    );
    request.on('error', reject);
    request.end(sendsBody(hop) ? body : undefined);
  });

/**
 * The first `limit` bytes of an answer. Once it has them, it closes the answer rather than read
 * (or hold) the rest.
 */
const readStart = (answer: IncomingMessage, limit: number): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (): void => {
      resolve(Buffer.concat(chunks, size));
      answer.destroy();
    };
    answer.on('data', (chunk: Buffer) => {
      const part = chunk.subarray(0, limit - size);
      chunks.push(part);
      size += part.length;
      if (size >= limit) finish();
    });
    answer.on('end', finish);
    answer.on('error', reject);
    answer.on('close', () => reject(new Error('the connection closed before the answer ended')));
    if (limit <= 0) finish();
  });

/** The request a redirect to `next` asks for. */
const redirectedHop = (hop: Hop, status: number, next: URL): Hop => {
  const toGet = status === 303;
  const sameOrigin = new URL(hop.url).origin === next.origin;
  const keeps = (name: string): boolean =>
    (sameOrigin || !CREDENTIAL_HEADERS.has(name.toLowerCase())) &&
    !(toGet && BODY_HEADERS.has(name.toLowerCase()));
  return {
    url: next.href,
    method: toGet && hop.method !== 'HEAD' ? 'GET' : hop.method,
    headers: Object.fromEntries(Object.entries(hop.headers).filter(([name]) => keeps(name))),
    body: toGet ? '' : hop.body,
  };
};

/** Makes one request of the exchange and reads its answer, or finds where it redirects to. */
const makeHop = async (
  hop: Hop,
  redirects: number,
  request: WebhookRequest,
  allow: WebhookAllowList,
  lookup: HostLookup,
  signal: AbortSignal,
): Promise<HopOutcome> => {
  const redirected = redirects > 0;
  const target = readTargetUrl(hop.url);
  if (!target.ok) return { done: failed(urlError(target, redirected)) };
  const host = bareHost(target.url);
  try {
    const answer = await openAnswer(target.url, hop, allow, lookup, signal);
    const status = answer.statusCode ?? 0;
    const location = answer.headers.location;
    if (!REDIRECT_STATUSES.has(status) || location === undefined) {
      const body = await readStart(answer, request.responseBytes ?? DEFAULT_RESPONSE_BYTES);
      return { done: { status, body: body.toString('utf8'), error: null } };
    }
    answer.destroy();
    if (redirects >= (request.maxRedirects ?? DEFAULT_MAX_REDIRECTS))
      return { done: failed('too many redirects') };
    if (!URL.canParse(location, hop.url)) return { done: failed('invalid redirect location') };
    return { next: redirectedHop(hop, status, new URL(location, hop.url)) };
  } catch (error) {
    return { done: failed(requestError(error, host, signal, redirected)) };
  }
};

/** The caller's headers without those this module sets itself. */
const callerHeaders = (headers: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !FRAMING_HEADERS.has(name.toLowerCase())));

/**
 * Sends a webhook call, following redirects. `lookup` finds a host's addresses (the system's name
 * lookup by default).
 */
export const sendWebhook = async (
  request: WebhookRequest,
  allow: WebhookAllowList,
  lookup: HostLookup = lookupAll,
): Promise<WebhookResult> => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), request.timeoutMs);
  try {
    let hop: Hop = {
      url: request.url,
      method: request.method.toUpperCase(),
      headers: callerHeaders(request.headers),
      body: request.body,
    };
    for (let redirects = 0; ; redirects += 1) {
      const outcome = await makeHop(hop, redirects, request, allow, lookup, controller.signal);
      if ('done' in outcome) return outcome.done;
      hop = outcome.next;
    }
  } catch (error) {
    return failed(shortText(error instanceof Error ? error.message : String(error)));
  } finally {
    clearTimeout(timer);
  }
};
