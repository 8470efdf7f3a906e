/**
 * Whether a webhook URL may be saved: an http or https URL without a user or password, whose host
 * resolves to public addresses only (or is on the allow list of private targets). The same address
 * rule is applied again when a call connects (send-webhook.ts), as DNS answers can change.
 */
import { promises as dns } from 'node:dns';
import { isIP } from 'node:net';
import { isAllowedPrivate, parseAddress, type WebhookAllowList } from './webhook-allow-list';

export interface ResolvedAddress {
  readonly address: string;
  readonly family: number;
}

/** Finds every address of a host name, as `dns.promises.lookup(host, { all: true })` does. */
export type HostLookup = (host: string) => Promise<readonly ResolvedAddress[]>;

export const lookupAll: HostLookup = (host) => dns.lookup(host, { all: true });

export type WebhookTargetCheck =
  { ok: true } | { ok: false; reason: 'invalid' | 'scheme' | 'private' | 'unresolved' };

/** A webhook URL read, or why it cannot be one. */
export type TargetUrl =
  | { ok: true; url: URL }
  | { ok: false; reason: 'invalid' | 'credentials' }
  | { ok: false; reason: 'scheme'; scheme: string };

/** Reads a webhook URL: http or https, with a host, without a user or password. */
export const readTargetUrl = (text: string): TargetUrl => {
  if (!URL.canParse(text)) return { ok: false, reason: 'invalid' };
  const url = new URL(text);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, reason: 'scheme', scheme: url.protocol };
  }
  if (url.hostname === '') return { ok: false, reason: 'invalid' };
  if (url.username !== '' || url.password !== '') return { ok: false, reason: 'credentials' };
  return { ok: true, url };
};

/** The host of a URL as a name lookup or a socket takes it: an IPv6 address without brackets. */
export const bareHost = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Whether `address` is a public unicast address. Loopback, private, link-local (the cloud metadata
 * address 169.254.169.254 among them), unique-local, unspecified, carrier-grade NAT, multicast,
 * broadcast, documentation, benchmarking and other reserved ranges are not, nor are IPv6 forms
 * that carry or translate an IPv4 address (NAT64, 6to4, Teredo). IPv4-mapped IPv6 counts as the
 * IPv4 address it maps.
 */
export const isPublicAddress = (address: string): boolean => parseAddress(address)?.range() === 'unicast';

/** The first of `addresses` that `host` may not reach, or null when it may reach them all. */
export const firstRefusedAddress = (
  host: string,
  addresses: readonly string[],
  allow: WebhookAllowList,
): string | null =>
  addresses.find((address) => !isPublicAddress(address) && !isAllowedPrivate(allow, host, address)) ?? null;

/** The addresses of `host`, or null when it does not resolve. */
const resolve = async (host: string, lookup: HostLookup): Promise<string[] | null> => {
  if (isIP(host) !== 0) return [host];
  try {
    const found = await lookup(host);
    return found.length > 0 ? found.map(({ address }) => address) : null;
  } catch {
    return null;
  }
};

/** Checks a webhook URL before it is saved (the caller answers a refusal with a 400). */
export const checkWebhookTarget = async (
  url: string,
  allow: WebhookAllowList,
  lookup: HostLookup = lookupAll,
): Promise<WebhookTargetCheck> => {
  const target = readTargetUrl(url);
  if (!target.ok) return { ok: false, reason: target.reason === 'scheme' ? 'scheme' : 'invalid' };
  const host = bareHost(target.url);
  const addresses = await resolve(host, lookup);
  if (addresses === null) return { ok: false, reason: 'unresolved' };
  return firstRefusedAddress(host, addresses, allow) === null
    ? { ok: true }
    : { ok: false, reason: 'private' };
};
