import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/**
 * JSON bodies as Fastify parses them (prototype poisoning refused), except that an empty body is
 * an absent body: many HTTP clients send `Content-Type: application/json` on every request,
 * DELETE and GET included.
 */
const jsonBody: FastifyPluginAsync = async (app) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
};

export default fp(jsonBody, { name: 'json-body' });
