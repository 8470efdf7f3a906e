import { Agent, createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import httpProxy from 'http-proxy';

/** A load balancer in front of several servers, as a test needs one. */
export interface RoundRobinProxy {
  url: string;
  /** Requests each target answered, by target URL. */
  answered: Map<string, number>;
  close(): Promise<void>;
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);
/** How often the balancer asks each server's readiness. */
const CHECK_EVERY_MS = 200;

/**
 * A small round-robin balancer: each request goes to the next server whose `/api/ready` answered
 * 200 at the last check. A reading request whose server fails before answering (connection refused
 * or reset: the server died) is sent to the next one, as balancers retry idempotent requests; a
 * changing request is answered 502, since it may or may not have been carried out.
 */
export const startRoundRobinProxy = async (
  targets: readonly string[],
  options: { keepAlive?: boolean } = {},
): Promise<RoundRobinProxy> => {
  // keepAlive: connections to the servers are reused, as a production balancer does (without it,
  // one connection per request, which is what the failure tests want: a dead server is noticed at once).
  const agent = options.keepAlive ? new Agent({ keepAlive: true, maxSockets: 256 }) : undefined;
  const proxy = httpProxy.createProxyServer({
    xfwd: false,
    proxyTimeout: 30_000,
    ...(agent ? { agent } : {}),
  });
  const ready = new Set(targets);
  const answered = new Map(targets.map((target) => [target, 0]));
  let turn = 0;
  const next = (skip: ReadonlySet<string>): string | undefined => {
    for (let i = 0; i < targets.length; i += 1) {
      const target = targets[(turn + i) % targets.length] as string;
      if (ready.has(target) && !skip.has(target)) {
        turn = (turn + i + 1) % targets.length;
        return target;
      }
    }
    return undefined;
  };
  const check = async () => {
    await Promise.all(
      targets.map(async (target) => {
        try {
          const response = await fetch(`${target}/api/ready`, { signal: AbortSignal.timeout(1000) });
          if (response.ok) ready.add(target);
          else ready.delete(target);
        } catch {
          ready.delete(target);
        }
      }),
    );
  };
  const timer = setInterval(() => void check(), CHECK_EVERY_MS);

  const forward = (request: IncomingMessage, response: ServerResponse, tried: Set<string>): void => {
    const target = next(tried);
    if (!target) {
      response.writeHead(503, { 'content-type': 'text/plain' }).end('no server ready');
      return;
    }
    tried.add(target);
    servedBy.set(response, target);
    proxy.web(request, response, { target }, () => {
      ready.delete(target);
      if (IDEMPOTENT.has(request.method ?? 'GET') && !response.headersSent) forward(request, response, tried);
      else if (!response.headersSent)
        response.writeHead(502, { 'content-type': 'text/plain' }).end('bad gateway');
      else response.destroy();
    });
  };
  const servedBy = new WeakMap<ServerResponse, string>();
  const server: Server = createServer((request, response) => {
    response.once('finish', () => {
      const target = servedBy.get(response);
      if (target) answered.set(target, (answered.get(target) ?? 0) + 1);
    });
    forward(request, response, new Set());
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    answered,
    close: async () => {
      clearInterval(timer);
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      proxy.close();
      agent?.destroy();
    },
  };
};
