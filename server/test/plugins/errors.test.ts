import { Writable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { expect, it } from 'vitest';
import { ApiException } from '../../src/errors/api-exception';
import { defineServerExtension } from '../../src/extensions/sdk';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';

const failingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/boom', { config: { public: true } }, async () => {
    throw new Error('SELECT password FROM cb_user WHERE 1 = syntax error near "secret"');
  });
  app.get('/db-error', { config: { public: true } }, async (request) => {
    await request.dataSource.knex('no_such_table').select('*');
    return 'unreachable';
  });
  app.get('/conflict', { config: { public: true } }, async () => {
    throw new ApiException('CONFLICT', undefined, { name: { zh: '名称已存在', en: 'name is taken' } });
  });
  app.post(
    '/echo',
    {
      schema: {
        body: Type.Object({
          name: Type.String({ pattern: '^[a-z]+$' }),
          columns: Type.Array(Type.Object({ name: Type.String() })),
          size: Type.Optional(Type.Integer({ maximum: 10 })),
        }),
      },
    },
    async (request) => request.body,
  );
};

/** Mounted at /api/ext/test, like any server extension's routes. */
const failing = defineServerExtension({ name: 'test', routes: failingRoutes });

const capture = () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: { level: 'info', stream } };
};

describeEachDatabase('error contract ($name)', (db) => {
  const apps = useTestApps(db);

  it('answers unknown /api paths with a JSON 404', async () => {
    const app = await apps.build();
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/users/me'],
      ['DELETE', '/api/metadata/dataSources'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: '资源不存在' });
    }
    const english = await app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'accept-language': 'en' },
    });
    expect(english.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
  });

  it('logs an unexpected error with its stack and request id and sends only a generic 500', async () => {
    const { lines, logger } = capture();
    const app = await apps.build({ logger, extensions: [failing] });
    for (const url of ['/api/ext/test/boom', '/api/ext/test/db-error']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(500);
      const body = response.json();
      expect(body).toEqual({
        code: 'INTERNAL_ERROR',
        message: '服务器内部错误',
        requestId: expect.any(String),
      });
      expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.body).not.toMatch(/select|syntax|secret|no_such_table|cb_user|at /i);
      const logged = lines.map((line) => JSON.parse(line)).filter((entry) => entry.reqId === body.requestId);
      const failure = logged.find((entry) => entry.level === 50);
      expect(failure?.err?.stack).toBeTruthy();
    }
    const english = await app.inject({
      method: 'GET',
      url: '/api/ext/test/boom',
      headers: { 'accept-language': 'en' },
    });
    expect(english.json().message).toBe('Internal server error');
  });

  it('sends typed service errors with their code and localized field errors', async () => {
    const app = await apps.build({ extensions: [failing] });
    const zh = await app.inject({ method: 'GET', url: '/api/ext/test/conflict' });
    expect(zh.statusCode).toBe(409);
    expect(zh.json()).toEqual({ code: 'CONFLICT', message: '数据冲突', errors: { name: '名称已存在' } });
    const en = await app.inject({
      method: 'GET',
      url: '/api/ext/test/conflict',
      headers: { 'accept-language': 'en-GB' },
    });
    expect(en.json()).toEqual({ code: 'CONFLICT', message: 'Conflict', errors: { name: 'name is taken' } });
  });

  it('maps schema-invalid bodies to 400 with one message per field', async () => {
    const app = await apps.build({ extensions: [failing] });
    const { cookie } = await login(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/ext/test/echo',
      headers: { cookie },
      payload: { name: 'Bad Name', columns: [{ name: 'ok' }, {}], size: 11 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: '请求参数不正确',
      errors: { name: '格式不正确', 'columns.1.name': '不能为空', size: '不能大于 10' },
    });
    const english = await app.inject({
      method: 'POST',
      url: '/api/ext/test/echo',
      headers: { cookie, 'accept-language': 'en' },
      payload: { columns: [] },
    });
    expect(english.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'The request is invalid',
      errors: { name: 'is required' },
    });
  });

  it('answers malformed JSON, unsupported content types and oversized bodies in the same shape', async () => {
    const app = await apps.build({ extensions: [failing], bodyLimit: 1024 });
    const { cookie } = await login(app);
    const post = (payload: string, contentType: string) =>
      app.inject({
        method: 'POST',
        url: '/api/ext/test/echo',
        headers: { cookie, 'content-type': contentType },
        payload,
      });

    const malformed = await post('{"name": ', 'application/json');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: '请求参数不正确',
      errors: { body: '不是合法的 JSON' },
    });

    const unsupported = await post('<x/>', 'application/xml');
    expect(unsupported.statusCode).toBe(415);
    expect(unsupported.json()).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: '不支持的内容类型' });

    const large = await post(JSON.stringify({ name: 'a'.repeat(2000), columns: [] }), 'application/json');
    expect(large.statusCode).toBe(413);
    expect(large.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: '请求内容过大' });
  });
});
