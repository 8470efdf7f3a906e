import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiException, errorResponses, principalOf, requirePermission, Type } from '../sdk';
import { parseTables, targetOf } from './notify-body';
import { readCounters, resetCounters } from './notify-counters';
import { notifySettings } from './notify-settings';
import { sendNotification } from './send-notification';

export const NOTIFY_READ = 'ext:notify:read';
export const NOTIFY_MANAGE = 'ext:notify:manage';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

const NotifyStatus = Type.Object({
  configured: Type.Boolean({ description: 'CRUDBOARD_EXT_NOTIFY_URL is set' }),
  target: Nullable(Type.String({ description: "the receiver's origin (never its path or query)" })),
  tables: Type.Union([Type.Literal('*'), Type.Array(Type.String())], {
    description: 'the tables whose changes are sent: `*` for every table',
  }),
  signed: Type.Boolean({
    description: 'CRUDBOARD_EXT_NOTIFY_SECRET is set: bodies carry X-Crudboard-Signature',
  }),
  timeoutMs: Type.Integer(),
  sent: Type.Integer({ description: 'accepted by the receiver (2xx) since this server started' }),
  failed: Type.Integer({ description: 'not accepted (no answer, another status) since this server started' }),
  lastAt: Nullable(Type.Number({ description: 'epoch milliseconds of the last call' })),
  lastError: Nullable(Type.String({ description: 'why the last call failed; null when it went through' })),
});

const TestAnswer = Type.Object({
  delivered: Type.Literal(true),
  status: Type.Integer({ description: "the receiver's answer" }),
});

/** The receiver did not accept a test notification: 502, with its reason. */
class ReceiverFailed extends ApiException {
  override readonly status: number = 502;
}

/**
 * `GET /api/ext/notify/status` (ext:notify:read): the settings as far as they may be shown, and
 * the counters. `POST /api/ext/notify/test` (ext:notify:manage): sends a ping `{test: true, ...}`
 * now and answers the receiver's status, or 502 with the reason it failed.
 */
const notifyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The counters are this server's since it started.
  resetCounters();

  app.get(
    '/status',
    {
      onRequest: requirePermission(NOTIFY_READ),
      schema: {
        tags: ['ext:notify'],
        summary: 'Where change notifications go and how many went; needs ext:notify:read',
        response: { 200: NotifyStatus, ...errorResponses },
      },
    },
    async () => {
      const settings = notifySettings.get();
      return {
        configured: settings.URL !== undefined,
        target: settings.URL === undefined ? null : targetOf(settings.URL),
        tables: parseTables(settings.TABLES) as '*' | string[],
        signed: settings.SECRET !== undefined,
        timeoutMs: settings.TIMEOUT_MS,
        ...readCounters(),
      };
    },
  );

  app.post(
    '/test',
    {
      onRequest: requirePermission(NOTIFY_MANAGE),
      schema: {
        tags: ['ext:notify'],
        summary: 'Sends a test notification now; needs ext:notify:manage',
        response: { 200: TestAnswer, ...errorResponses },
      },
    },
    async (request) => {
      const settings = notifySettings.get();
      if (settings.URL === undefined)
        throw new ApiException('CONFLICT', {
          zh: '未配置通知地址：请设置环境变量 CRUDBOARD_EXT_NOTIFY_URL 后重启服务',
          en: 'No notification URL is configured: set CRUDBOARD_EXT_NOTIFY_URL and restart the server',
        });
      const principal = principalOf(request);
      const outcome = await sendNotification(settings, {
        test: true,
        dataSource: request.dataSource.name,
        userId: principal.id,
        userName: principal.realname || principal.username,
        requestId: request.id,
        at: new Date().toISOString(),
        changes: [],
      });
      if (outcome.error !== null || outcome.status === null) {
        const reason = outcome.error ?? 'no answer';
        request.log.warn(
          { extension: 'notify', status: outcome.status, error: reason },
          'test notification failed',
        );
        throw new ReceiverFailed('INTERNAL_ERROR', {
          zh: `接收方未接受测试通知：${reason}`,
          en: `The receiver did not accept the test notification: ${reason}`,
        });
      }
      return { delivered: true as const, status: outcome.status };
    },
  );
};

export default notifyRoutes;
