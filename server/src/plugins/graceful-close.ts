import fp from 'fastify-plugin';

/**
 * While the app closes, answers in-flight requests with `Connection: close` so that kept-alive
 * sockets end with them; otherwise closing would wait for every idle client to time out.
 * Fastify closes the HTTP server (waiting for in-flight requests) before the `onClose` hooks
 * that end the database pools.
 */
export default fp(
  async (app) => {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onSend', async (_request, reply, payload) => {
      if (closing) reply.header('connection', 'close');
      return payload;
    });
  },
  { name: 'graceful-close' },
);
