/** One server of a connection URL. */
export interface HostAddress {
  host: string;
  port: number;
}

/** A connection URL that cannot be taken apart; the message says why. */
export class HostListError extends Error {}

/** A connection URL whose authority lists one or more servers (`scheme://user@h1:p1,h2:p2/db?…`). */
export interface HostList {
  hosts: HostAddress[];
  query: URLSearchParams;
  /** The same URL naming `host` alone, with `query` (default: the URL's own) as its parameters. */
  urlFor(host: HostAddress, query?: URLSearchParams): string;
}

const parseHost = (text: string, defaultPort: number): HostAddress => {
  const bracketed = /^\[([^\]]+)\](?::(\d*))?$/.exec(text);
  const plain = /^([^:[\]]*)(?::(\d*))?$/.exec(text);
  const match = bracketed ?? plain;
  if (!match) throw new HostListError(`"${text}" is not a host or host:port`);
  const host = decodeURIComponent(match[1] ?? '');
  const portText = match[2];
  const port = portText === undefined || portText === '' ? defaultPort : Number(portText);
  if (host === '') throw new HostListError('a host of the connection URL is empty');
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new HostListError(`port "${portText}" is not 1–65535`);
  return { host, port };
};

const formatHost = ({ host, port }: HostAddress): string =>
  `${host.includes(':') ? `[${host}]` : encodeURIComponent(host)}:${port}`;

/** "host:port", the key a server is known by. */
export const hostKey = (host: HostAddress): string => `${host.host}:${host.port}`;

/**
 * Takes apart a URL whose scheme matches `scheme` (a pattern of the part before `://`, e.g.
 * `postgres(?:ql)?`) and whose authority may list several servers, libpq's form, which the Node
 * drivers do not read (they connect to one host).
 */
export const splitHostList = (
  url: string,
  scheme: string,
  defaultPort: number,
  /** Said when the URL does not match `scheme`: "postgres:// or postgresql://". */
  startsWith: string,
): HostList => {
  const match = new RegExp(`^(${scheme}:\\/\\/)([^/?#]*)(.*)$`, 'i').exec(url);
  if (!match) throw new HostListError(`the connection URL must start with ${startsWith}`);
  const [, prefix = '', authority = '', rest = ''] = match;
  const at = authority.lastIndexOf('@');
  const userInfo = at === -1 ? '' : authority.slice(0, at + 1);
  const hostText = at === -1 ? authority : authority.slice(at + 1);
  const hosts = hostText.split(',').map((text) => parseHost(text, defaultPort));
  const queryStart = rest.indexOf('?');
  const hashStart = rest.indexOf('#');
  const path = queryStart === -1 ? rest : rest.slice(0, queryStart);
  const queryText =
    queryStart === -1 ? '' : rest.slice(queryStart + 1, hashStart > queryStart ? hashStart : undefined);
  const query = new URLSearchParams(queryText);
  return {
    hosts,
    query,
    urlFor: (host, given = query) => {
      const tail = given.size > 0 ? `?${given.toString()}` : '';
      return `${prefix}${userInfo}${formatHost(host)}${path}${tail}`;
    },
  };
};
