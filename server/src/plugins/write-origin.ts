import type { FastifyRequest } from 'fastify';
import type { RevisionChannel } from '../../../contract/revision';
import type { WriteOrigin } from '../services/history/revision-log';
import { principalOf } from './session';

/**
 * How a request's writes reached crudboard, as record history names it: an import route, a
 * restore from history (a revision's, or a deleted record's), the web app (a browser sends
 * `Sec-Fetch-Site`; Node's own fetch sends `Sec-Fetch-Mode` too, so that one does not tell), a
 * flow's step (the server calling itself for a flow's run), else the API.
 */
const channelOf = (request: FastifyRequest): RevisionChannel => {
  if (request.flowRun !== null) return 'flow';
  const route = request.routeOptions.url ?? '';
  if (route.endsWith('/import')) return 'import';
  if (route.endsWith('/history/:revisionId/restore') || route.endsWith('/deleted/:revisionId/restore'))
    return 'restore';
  return request.headers['sec-fetch-site'] === undefined ? 'api' : 'web';
};

/** Who writes (the user's name at this moment) and how, for the revisions of a request's writes. */
export const writeOriginOf = (request: FastifyRequest): WriteOrigin => {
  const principal = principalOf(request);
  return {
    userName: principal.realname || principal.username,
    username: principal.username,
    channel: channelOf(request),
    requestId: request.id,
  };
};
