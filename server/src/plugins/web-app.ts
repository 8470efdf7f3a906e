import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { cacheControlFor, looksLikeAsset } from './web-app-paths';

export const BASE = '/crudboard/';

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>crudboard</title></head>
<body><h1>crudboard</h1><p>The web app is not built yet. Run <code>npm run build</code>, then restart the
server (or use <code>npm start</code>, which does both). The API is up at <a href="/api/docs/ui">/api/docs/ui</a>.</p></body></html>
`;

/**
 * Serves the built web app under /crudboard/ with history fallback: real files as they are,
 * asset-looking paths that do not exist → 404, any other path → index.html.
 */
export default fp<{ root: string }>(
  async (app, { root }) => {
    app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect(BASE, 302));
    app.get('/crudboard', { schema: { hide: true } }, (_request, reply) => reply.redirect(BASE, 302));

    if (!existsSync(join(root, 'index.html'))) {
      app.log.warn({ root }, 'web app not built: run npm run build');
      app.get(`${BASE}*`, { schema: { hide: true } }, (_request, reply) =>
        reply
          .status(503)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(NOT_BUILT),
      );
      return;
    }

    await app.register(fastifyStatic, {
      root,
      serve: false,
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header('cache-control', cacheControlFor(relative(root, path)));
      },
    });

    const sendIndex = (reply: FastifyReply) => reply.sendFile('index.html');

    app.get<{ Params: { '*': string } }>(`${BASE}*`, { schema: { hide: true } }, (request, reply) => {
      const path = request.params['*'];
      return path !== '' && looksLikeAsset(path) ? reply.sendFile(path) : sendIndex(reply);
    });
  },
  { name: 'web-app' },
);
