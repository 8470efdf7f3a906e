import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import { clientAddressKey } from '../net/client-address-key';
import { trustedProxyTest } from '../net/trusted-proxy';

export interface ConnectionsPerAddressOptions {
  /** Open sockets one client address (an IPv6 client: its /64) may hold; 0: no cap. */
  maxPerAddress: number;
  /** `TRUST_PROXY`: the sockets of trusted proxies are not capped. */
  trustProxy: boolean | number | string;
}

/**
 * Keeps one client from taking every socket of the server's connection cap: a socket beyond
 * `maxPerAddress` open from one address is closed as soon as it is accepted, before anything is
 * read from it. The cap is counted on the socket's own address, since no request has been read
 * yet; a trusted proxy's sockets carry many clients and are not capped (the proxy's own limits
 * apply in front of it), so with `TRUST_PROXY=true` or a hop count, where every peer counts as a
 * proxy, nothing is capped per address.
 */
export default fp<ConnectionsPerAddressOptions>(
  async (app, { maxPerAddress, trustProxy }) => {
    if (maxPerAddress <= 0) return;
    const trusted = trustedProxyTest(trustProxy);
    const open = new Map<string, number>();
    app.server.on('connection', (socket: Socket) => {
      const address = socket.remoteAddress;
      if (address === undefined || trusted(address)) return;
      const key = clientAddressKey(address);
      const count = open.get(key) ?? 0;
      if (count >= maxPerAddress) {
        socket.destroy();
        return;
      }
      open.set(key, count + 1);
      socket.once('close', () => {
        const left = (open.get(key) ?? 1) - 1;
        if (left > 0) open.set(key, left);
        else open.delete(key);
      });
    });
  },
  { name: 'connections-per-address' },
);
