/**
 * The private webhook targets an administrator allows (`WEBHOOK_ALLOW_PRIVATE`): a comma list of
 * host names, addresses and CIDR ranges, e.g. `127.0.0.1,10.0.0.0/8,receiver.local,::1`. Webhooks
 * may reach a loopback, private or link-local address only through it.
 */
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

export interface WebhookAllowList {
  /** Host names, lower case, without a final dot; each matches itself only (no subdomains). */
  readonly hosts: ReadonlySet<string>;
  /** Addresses and ranges; a single address is a range of its full length. */
  readonly ranges: readonly (readonly [Address, number])[];
}

const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

const isMapped = (address: Address): address is ipaddr.IPv6 =>
  address instanceof ipaddr.IPv6 && address.isIPv4MappedAddress();

/**
 * The address that `text` names, IPv4-mapped IPv6 (`::ffff:127.0.0.1`) as the IPv4 address it
 * reaches; null when `text` is not a plain address.
 */
export const parseAddress = (text: string): Address | null => {
  if (isIP(text) === 0) return null;
  const address = ipaddr.parse(text);
  return isMapped(address) ? address.toIPv4Address() : address;
};

/** A host name as compared: lower case, without IPv6 brackets and a final dot. */
const hostKey = (host: string): string =>
  host
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');

/** Whether `text` is a DNS host name (letters, digits, `-` and `_`; not all digits at the end). */
const isHostName = (text: string): boolean => {
  const labels = text.split('.');
  return (
    text.length <= 253 && labels.every((label) => LABEL.test(label)) && !/^\d+$/.test(labels.at(-1) ?? '')
  );
};

/** The range `text` names (`10.0.0.0/8`, `fd00::/8`, `::ffff:10.0.0.0/104`), or null. */
const parseRange = (text: string): readonly [Address, number] | null => {
  const [base = '', bits = '', ...rest] = text.split('/');
  if (isIP(base) === 0 || rest.length > 0 || !/^\d{1,3}$/.test(bits)) return null;
  const address = ipaddr.parse(base);
  const length = Number(bits);
  if (length > (address.kind() === 'ipv4' ? 32 : 128)) return null;
  return isMapped(address) && length >= 96 ? [address.toIPv4Address(), length - 96] : [address, length];
};

/** One entry of the list; a bad one throws an Error that names it. */
const parseEntry = (entry: string): { host: string } | { range: readonly [Address, number] } => {
  const address = parseAddress(entry);
  if (address !== null) return { range: [address, address.kind() === 'ipv4' ? 32 : 128] };
  const range = entry.includes('/') ? parseRange(entry) : null;
  if (range !== null) return { range };
  const host = hostKey(entry);
  if (!entry.startsWith('[') && isHostName(host)) return { host };
  throw new Error(`WEBHOOK_ALLOW_PRIVATE: "${entry}" is not a host name, an address or a CIDR range`);
};

/** Reads the setting; an empty or absent one allows nothing. A bad entry throws an Error naming it. */
export const parseWebhookAllowList = (text: string | undefined): WebhookAllowList => {
  const hosts = new Set<string>();
  const ranges: (readonly [Address, number])[] = [];
  const entries = (text ?? '').split(',').map((entry) => entry.trim());
  for (const entry of entries.filter((entry) => entry !== '')) {
    const parsed = parseEntry(entry);
    if ('host' in parsed) hosts.add(parsed.host);
    else ranges.push(parsed.range);
  }
  return { hosts, ranges };
};

/** Whether `range` holds `address` (an IPv4 range never holds an IPv6 address, nor the reverse). */
const rangeHolds = ([base, length]: readonly [Address, number], address: Address): boolean =>
  base.kind() === address.kind() && address.match(base, length);

/**
 * Whether the list lets a webhook reach `address` as `host` (the URL's host name, or its address)
 * although the address is not public: the host name or the address is on the list.
 */
export const isAllowedPrivate = (list: WebhookAllowList, host: string, address: string): boolean => {
  if (list.hosts.has(hostKey(host))) return true;
  const parsed = parseAddress(address);
  return parsed !== null && list.ranges.some((range) => rangeHolds(range, parsed));
};
