import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { SESSION_COOKIE } from '../auth/session-cookie';

/**
 * OpenAPI document generated from the route schemas: JSON at `/api/docs`, browsable at
 * `/api/docs/ui`. Register before the routes so that they are collected.
 */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'crudboard API',
          version: '1',
          description: 'Metadata-driven data admin. Errors: `{code, message, errors?, requestId?}`.',
        },
        components: {
          securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } },
        },
        security: [{ session: [] }],
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs/ui' });
    app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'docs' },
);
