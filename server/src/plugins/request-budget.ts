import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's requests may take this long to arrive, in ms (big upload chunks on slow links). */
    requestTimeoutMs?: number;
  }
}

/**
 * Closes the socket of a request whose body has not fully arrived within its budget: the
 * server-wide `requestTimeoutMs`, or a route's own `config.requestTimeoutMs`. Node's own request
 * timeout cannot be set per route, so it is left off and this takes its place; the time the
 * handler takes once the body is in is not limited.
 */
export default fp<{ requestTimeoutMs: number }>(
  async (app, { requestTimeoutMs }) => {
    const timers = new WeakMap<object, NodeJS.Timeout>();
    app.addHook('onRequest', async (request) => {
      if (request.raw.complete) return;
      const budget = request.routeOptions.config.requestTimeoutMs ?? requestTimeoutMs;
      const timer = setTimeout(() => {
        if (!request.raw.complete) request.raw.socket.destroy();
      }, budget);
      timer.unref();
      timers.set(request, timer);
      request.raw.once('end', () => clearTimeout(timer));
    });
    app.addHook('onResponse', async (request) => clearTimeout(timers.get(request)));
  },
  { name: 'request-budget' },
);
