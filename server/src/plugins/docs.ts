import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { SESSION_COOKIE } from '../auth/session-cookie';

const isDocsPath = (url: string) => {
  const path = url.split('?')[0] ?? '';
  return path === '/api/docs' || path.startsWith('/api/docs/');
};

/**
 * OpenAPI document generated from the route schemas: JSON at `/api/docs`, browsable at
 * `/api/docs/ui`; for signed-in users unless `publicDocs`. Register before the routes so that
 * they are collected.
 */
export default fp<{ publicDocs: boolean }>(
  async (app, { publicDocs }) => {
    if (!publicDocs) {
      app.addHook('onRequest', async (request, reply) => {
        if (isDocsPath(request.url)) await app.sessions.authenticate(request, reply);
      });
    }
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'crudboard API',
          version: '1',
          description: 'Metadata-driven data admin. Errors: `{code, message, errors?, requestId?}`.',
        },
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
            apiToken: { type: 'http', scheme: 'bearer', description: 'a personal API token' },
          },
        },
        security: [{ session: [] }, { apiToken: [] }],
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs/ui' });
    app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'docs', dependencies: ['session'] },
);
