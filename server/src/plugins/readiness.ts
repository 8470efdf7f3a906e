import fp from 'fastify-plugin';

/** Where the server is in its life, as a load balancer asking `/api/ready` needs to know it. */
export type LifeStage = 'starting' | 'started' | 'closing';

export interface Readiness {
  readonly stage: LifeStage;
  /** Shutdown began: `/api/ready` answers 503 from now on, while requests are still served. */
  markClosing(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

/**
 * The server's life stage: `starting` until every plugin is loaded (every data source migrated,
 * the first admin and the console role prepared), then `started`, then `closing` from the moment
 * shutdown begins (a signal, or `app.close()`), so that `/api/ready` turns 503 at once.
 */
export default fp(
  async (app) => {
    let stage: LifeStage = 'starting';
    app.decorate('readiness', {
      get stage() {
        return stage;
      },
      markClosing() {
        stage = 'closing';
      },
    });
    app.addHook('onReady', async () => {
      if (stage === 'starting') stage = 'started';
    });
    app.addHook('preClose', async () => {
      stage = 'closing';
    });
  },
  { name: 'readiness' },
);
