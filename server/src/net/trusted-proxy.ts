import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { plainAddress } from './client-address-key';

/** Address ranges `TRUST_PROXY` may name, as Fastify's proxy trust reads them. */
const NAMED_RANGES: Record<string, readonly string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** The prefix length of a dotted IPv4 netmask (`255.255.0.0` → 16), if it is one. */
const prefixOfMask = (mask: string): number | undefined => {
  if (!isIPv4(mask)) return undefined;
  const bits = mask
    .split('.')
    .map((part) => Number(part).toString(2).padStart(8, '0'))
    .join('');
  return /^1*0*$/.test(bits) ? (bits.indexOf('0') === -1 ? 32 : bits.indexOf('0')) : undefined;
};

const addEntry = (list: BlockList, entry: string) => {
  const [rawAddress = '', rawPrefix] = entry.split('/');
  const address = plainAddress(rawAddress);
  const type = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : undefined;
  // Fastify has refused an entry that is not an address at start-up already.
  if (type === undefined) return;
  if (rawPrefix === undefined) {
    list.addAddress(address, type);
    return;
  }
  const prefix = /^\d+$/.test(rawPrefix) ? Number(rawPrefix) : prefixOfMask(rawPrefix);
  if (prefix !== undefined) list.addSubnet(address, prefix, type);
};

/**
 * Whether a socket's peer is a proxy the server trusts (`TRUST_PROXY`), read the way Fastify reads
 * it: `true` trusts every peer, a hop count trusts the peer (the first hop), addresses and CIDRs
 * (`10.0.0.0/8`, `10.0.0.0/255.0.0.0`, `loopback`, `linklocal`, `uniquelocal`, comma-separated)
 * trust those peers; off trusts none.
 */
export const trustedProxyTest = (trustProxy: boolean | number | string): ((address: string) => boolean) => {
  if (trustProxy === false || trustProxy === 0) return () => false;
  if (trustProxy === true || typeof trustProxy === 'number') return () => true;
  const list = new BlockList();
  for (const entry of trustProxy.split(',')) {
    const text = entry.trim().toLowerCase();
    for (const range of NAMED_RANGES[text] ?? [text]) addEntry(list, range);
  }
  return (address) => {
    const plain = plainAddress(address);
    const type = isIPv4(plain) ? 'ipv4' : isIPv6(plain) ? 'ipv6' : undefined;
    return type !== undefined && list.check(plain, type);
  };
};
