import fp from 'fastify-plugin';
import { isUnknownColumn } from '../errors/is-unknown-column';
import { toErrorResponse } from '../errors/to-error-response';
import { errorMessage, languageOf } from '../i18n/messages';
import { repairInBackground } from '../services/ddl/repair-in-background';

/** The table a request names in its path (`/api/business/{table}`), if any. */
const tableOf = (params: unknown): string | undefined => {
  const table = (params as { table?: unknown } | undefined)?.table;
  return typeof table === 'string' ? table : undefined;
};

/**
 * One error contract for every route (docs/api.md §0): `{code, message, errors?, requestId?}` with the
 * message in the request's language. Unexpected errors are logged with their stack and request
 * id and answered with a generic 500 that carries the id. A statement that named a column its
 * table does not have (the metadata and the table are out of step) starts the repair of what a
 * dead server left half-applied on that data source.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error, request, reply) => {
      const lang = languageOf(request.headers['accept-language']);
      const response = toErrorResponse(error, lang, request.id, tableOf(request.params));
      if (response.unexpected) request.log.error({ err: error }, 'request failed');
      else request.log.info({ code: response.body.code, status: response.status }, 'request refused');
      const source = request.dataSource as typeof request.dataSource | null;
      if (isUnknownColumn(error) && source) {
        request.log.warn({ err: error }, 'a table is out of step with its metadata');
        repairInBackground(source.knex, (outcome) => {
          if ('error' in outcome)
            app.log.error({ err: outcome.error }, 'an unfinished schema change is not repaired yet');
          else if (outcome.repaired.length > 0)
            app.log.warn(outcome, 'an unfinished schema change was repaired');
        });
      }
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
