/**
 * The origin (`proto://host`) the nearest proxy names in an RFC 7239 `Forwarded` header: its last
 * element's `host` (quotes removed) with its `proto`, else `fallbackProtocol`; undefined when that
 * element names no host or an unusable one.
 */
export const forwardedOrigin = (header: string, fallbackProtocol: string): string | undefined => {
  const nearest = header.split(',').at(-1) ?? '';
  const params = new Map<string, string>();
  for (const pair of nearest.split(';')) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const value = pair.slice(at + 1).trim();
    params.set(pair.slice(0, at).trim().toLowerCase(), value.replace(/^"(.*)"$/, '$1'));
  }
  const host = params.get('host');
  if (!host || !/^[A-Za-z0-9.\-:[\]]+$/.test(host)) return undefined;
  const protocol = (params.get('proto') ?? fallbackProtocol).toLowerCase();
  if (protocol !== 'http' && protocol !== 'https') return undefined;
  try {
    const origin = new URL(`${protocol}://${host}`).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
};
