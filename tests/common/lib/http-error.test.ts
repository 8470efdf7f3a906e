import { describe, expect, it } from 'vitest';
import {
  statusOf,
  toHttpError,
  type FailedRequest,
  type HttpError,
} from '../../../src/common/lib/http-error';

describe('toHttpError (docs/product.md §8)', () => {
  it.each<[string, FailedRequest, HttpError]>([
    [
      '401 with the server message',
      {
        response: {
          status: 401,
          statusText: 'Unauthorized',
          data: { code: 'UNAUTHORIZED', message: '会话过期' },
        },
      },
      { message: '会话过期', statusCode: 401, code: 'UNAUTHORIZED' },
    ],
    [
      '500 with a message and a request id',
      {
        response: {
          status: 500,
          statusText: 'Internal Server Error',
          data: { code: 'INTERNAL_ERROR', message: '服务器内部错误', requestId: 'r-1' },
        },
      },
      { message: '服务器内部错误', statusCode: 500, code: 'INTERNAL_ERROR', requestId: 'r-1' },
    ],
    [
      '400 with field errors',
      {
        response: {
          status: 400,
          data: { code: 'VALIDATION_ERROR', message: '参数错误', errors: { name: '不能为空', bad: 3 } },
        },
      },
      { message: '参数错误', statusCode: 400, code: 'VALIDATION_ERROR', errors: { name: '不能为空' } },
    ],
    [
      'no message → status text',
      { response: { status: 502, statusText: 'Bad Gateway', data: '<html>' } },
      { message: 'Bad Gateway', statusCode: 502 },
    ],
    [
      'blank message and no status text → status code',
      { response: { status: 503, statusText: '', data: { message: '  ' } } },
      { message: '503', statusCode: 503 },
    ],
    ['timeout', { message: 'timeout of 30000ms exceeded' }, { message: 'Network timeout', statusCode: 0 }],
    ['network error', { message: 'Network Error' }, { message: 'Network Error', statusCode: 0 }],
    ['nothing known', {}, { message: 'http request error', statusCode: 0 }],
  ])('%s', (_name, input, expected) => {
    expect(toHttpError(input)).toEqual(expected);
  });
});

describe('statusOf', () => {
  it.each<[unknown, number | undefined]>([
    [{ statusCode: 401 }, 401],
    [{ response: { status: 403 } }, 403],
    [new Error('x'), undefined],
    [null, undefined],
    ['401', undefined],
  ])('%j → %s', (error, status) => {
    expect(statusOf(error)).toBe(status);
  });
});
