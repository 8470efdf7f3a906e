import { isIPv4, isIPv6 } from 'node:net';

const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** An address as the socket gives it, with an IPv4 address mapped into IPv6 (`::ffff:a.b.c.d`) unmapped. */
export const plainAddress = (address: string): string => {
  const withoutZone = address.split('%')[0] ?? address;
  const mapped = MAPPED_IPV4.exec(withoutZone);
  return mapped?.[1] ?? withoutZone;
};

/** The eight 16-bit groups of an IPv6 address, as numbers (undefined if it is not one). */
const ipv6Groups = (address: string): number[] | undefined => {
  if (!isIPv6(address)) return undefined;
  let text = address.toLowerCase();
  // A trailing dotted IPv4 part counts as two groups.
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - left.length - right.length;
  const groups = [...left, ...Array.from({ length: tail === undefined ? 0 : missing }, () => '0'), ...right];
  return groups.length === 8 ? groups.map((group) => parseInt(group, 16)) : undefined;
};

/**
 * Whom a socket's address stands for when counting a client's sockets: an IPv4 address itself, an
 * IPv6 address its /64 (one subscriber usually holds a whole /64, so counting single addresses would
 * give one client billions of shares).
 */
export const clientAddressKey = (address: string): string => {
  const plain = plainAddress(address);
  if (isIPv4(plain)) return plain;
  const groups = ipv6Groups(plain);
  if (!groups) return plain;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
};
