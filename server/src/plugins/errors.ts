import fp from 'fastify-plugin';
import { toErrorResponse } from '../errors/to-error-response';
import { errorMessage, languageOf } from '../i18n/messages';

/**
 * One error contract for every route (docs/api.md §0): `{code, message, errors?, requestId?}` with the
 * message in the request's language. Unexpected errors are logged with their stack and request
 * id and answered with a generic 500 that carries the id.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error, request, reply) => {
      const response = toErrorResponse(error, languageOf(request.headers['accept-language']), request.id);
      if (response.unexpected) request.log.error({ err: error }, 'request failed');
      else request.log.info({ code: response.body.code, status: response.status }, 'request refused');
      return reply.status(response.status).headers(response.headers).send(response.body);
    });

    app.setNotFoundHandler((request, reply) =>
      reply.status(404).send({
        code: 'NOT_FOUND',
        message: errorMessage('NOT_FOUND', languageOf(request.headers['accept-language'])),
      }),
    );
  },
  { name: 'errors' },
);
