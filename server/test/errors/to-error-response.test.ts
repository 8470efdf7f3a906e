import { describe, expect, it } from 'vitest';
import { ApiException } from '../../src/errors/api-exception';
import { toErrorResponse } from '../../src/errors/to-error-response';

const frameworkError = (props: Record<string, unknown>) =>
  Object.assign(new Error('framework says no'), props);

describe('toErrorResponse', () => {
  it('sends an ApiException with its status, catalogue message and localized field errors', () => {
    const error = new ApiException('CONFLICT', undefined, { name: { zh: '已存在', en: 'exists' } });
    expect(toErrorResponse(error, 'en', 'r1')).toEqual({
      status: 409,
      body: { code: 'CONFLICT', message: 'Conflict', errors: { name: 'exists' } },
      headers: {},
      unexpected: false,
    });
  });

  it('uses the message given to an ApiException, and its headers and params', () => {
    expect(toErrorResponse(new ApiException('FORBIDDEN', '不行'), 'zh', 'r').body.message).toBe('不行');
    const limited = new ApiException('TOO_MANY_REQUESTS', undefined, undefined, {
      headers: { 'retry-after': '9' },
    });
    expect(toErrorResponse(limited, 'zh', 'r')).toMatchObject({
      status: 429,
      headers: { 'retry-after': '9' },
    });
    const unknown = new ApiException('DATA_SOURCE_NOT_FOUND', undefined, undefined, {
      params: { name: 'x' },
    });
    expect(toErrorResponse(unknown, 'zh', 'r').body).toEqual({
      code: 'DATA_SOURCE_NOT_FOUND',
      message: '数据源 x 不存在',
    });
  });

  it('answers a column the table does not have (MySQL 1054, PostgreSQL 42703) with 409 naming the table, never 500', () => {
    const mysql = Object.assign(new Error("Unknown column 'note' in 'field list'"), { errno: 1054 });
    const pg = Object.assign(new Error('column "note" does not exist'), { code: '42703' });
    for (const error of [mysql, pg]) {
      expect(toErrorResponse(error, 'en', 'r', 'ledger')).toMatchObject({
        status: 409,
        body: {
          code: 'CONFLICT',
          message: expect.stringMatching(/^table ledger's design is out of step.*designer/),
        },
        unexpected: false,
      });
      expect(toErrorResponse(error, 'zh', 'r').body.message).toMatch(
        /^一个表的设计与数据库中的表不一致.*表设计器/,
      );
    }
  });

  it('answers a statement stopped at the query timeout with QUERY_TIMEOUT, and a pool timeout with 503', () => {
    const stopped = Object.assign(new Error('Defined query timeout of 20000ms exceeded'), {
      name: 'KnexTimeoutError',
      sql: 'select count(*) from note',
      timeout: 20_000,
    });
    expect(toErrorResponse(stopped, 'zh', 'r')).toEqual({
      status: 400,
      body: {
        code: 'QUERY_TIMEOUT',
        message: '查询超过 20 秒仍未完成，已被终止：请缩小筛选范围或减少“包含”条件',
      },
      headers: {},
      unexpected: false,
    });
    const noConnection = Object.assign(new Error('Timeout acquiring a connection'), {
      name: 'KnexTimeoutError',
    });
    expect(toErrorResponse(noConnection, 'en', 'r')).toMatchObject({
      status: 503,
      body: { code: 'DATABASE_UNAVAILABLE' },
    });
  });

  it('turns schema validation failures into 400 with field errors', () => {
    const error = frameworkError({
      statusCode: 400,
      validationContext: 'querystring',
      validation: [{ keyword: 'maximum', instancePath: '/limit', params: { limit: 10000 } }],
    });
    expect(toErrorResponse(error, 'zh', 'r')).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_ERROR', message: '请求参数不正确', errors: { limit: '不能大于 10000' } },
    });
  });

  it.each([
    ['FST_ERR_CTP_INVALID_JSON_BODY', 400, 'VALIDATION_ERROR'],
    ['FST_ERR_CTP_EMPTY_JSON_BODY', 400, 'VALIDATION_ERROR'],
    ['FST_ERR_CTP_BODY_TOO_LARGE', 413, 'PAYLOAD_TOO_LARGE'],
    ['FST_ERR_CTP_INVALID_MEDIA_TYPE', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['FST_ERR_NOT_FOUND', 404, 'NOT_FOUND'],
    ['SOMETHING_4XX', 405, 'VALIDATION_ERROR'],
  ])('maps framework error %s to %i %s', (code, status, apiCode) => {
    const response = toErrorResponse(frameworkError({ code, statusCode: status }), 'zh', 'r');
    expect(response.status).toBe(status);
    expect(response.body.code).toBe(apiCode);
    expect(response.body.message).not.toContain('framework');
  });

  it('hides everything about an unexpected error except the request id', () => {
    const error = new Error('SELECT password FROM cb_user: syntax error');
    const response = toErrorResponse(error, 'zh', 'req-42');
    expect(response).toEqual({
      status: 500,
      body: { code: 'INTERNAL_ERROR', message: '服务器内部错误', requestId: 'req-42' },
      headers: {},
      unexpected: true,
    });
    expect(toErrorResponse(frameworkError({ statusCode: 503 }), 'en', 'x').body.code).toBe('INTERNAL_ERROR');
    expect(toErrorResponse('a string', 'en', 'x').status).toBe(500);
    expect(toErrorResponse(undefined, 'en', 'x').status).toBe(500);
  });
  it('answers 400 for a value the column type refuses (bad uuid, address, JSON), without the driver text', () => {
    const pg = Object.assign(new Error('invalid input syntax for type uuid: "zzz"'), { code: '22P02' });
    const mysql = Object.assign(new Error("Incorrect uuid value: 'zzz'"), { errno: 1292 });
    for (const error of [pg, mysql]) {
      const response = toErrorResponse(error, 'en', 'x');
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
      expect(response.body.errors?.value).toContain('UUID');
      expect(JSON.stringify(response.body)).not.toContain('zzz');
    }
    expect(toErrorResponse(pg, 'zh', 'x').body.errors?.value).toContain('格式');
    const missingOperator = Object.assign(new Error('operator does not exist: uuid ~~* text'), {
      code: '42883',
    });
    expect(toErrorResponse(missingOperator, 'en', 'x').status).toBe(500);
  });
  it('answers 400 for a text a MySQL column’s character set cannot store, or a value its ENUM does not list', () => {
    const mix = Object.assign(
      new Error(
        "Illegal mix of collations (latin1_swedish_ci,IMPLICIT) and (utf8mb4_general_ci,COERCIBLE) for operation '='",
      ),
      { errno: 1267 },
    );
    const mixIn = Object.assign(new Error("Illegal mix of collations for operation ' IN '"), { errno: 1271 });
    for (const error of [mix, mixIn]) {
      const response = toErrorResponse(error, 'en', 'x');
      expect(response.status).toBe(400);
      expect(response.body.errors?.value).toContain('character set');
      expect(JSON.stringify(response.body)).not.toContain('swedish');
    }
    const truncated = Object.assign(new Error("Data truncated for column 'kind' at row 1"), { errno: 1265 });
    expect(toErrorResponse(truncated, 'en', 'x').body.errors?.value).toContain('ENUM');
    const geometry = Object.assign(
      new Error('Cannot get geometry object from data you send to the GEOMETRY field'),
      {
        errno: 1416,
      },
    );
    expect(toErrorResponse(geometry, 'en', 'x').status).toBe(400);
    // A statement crudboard wrote wrong stays a 500 (MariaDB cannot CAST a geometry).
    const cast = Object.assign(new Error("Illegal parameter data type point for operation 'cast_as_char'"), {
      errno: 4079,
    });
    expect(toErrorResponse(cast, 'en', 'x').status).toBe(500);
  });
});
