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
      'no message → what the status means, in Chinese by default',
      { response: { status: 502, statusText: 'Bad Gateway', data: '<html>' } },
      { message: '服务器暂时不可用，请稍后重试', statusCode: 502 },
    ],
    [
      'blank message → what the status means',
      { response: { status: 500, statusText: '', data: { message: '  ' } } },
      { message: '服务器出错，请稍后重试；问题持续时请联系管理员', statusCode: 500 },
    ],
    ['timeout', { message: 'timeout of 30000ms exceeded' }, { message: 'Network timeout', statusCode: 0 }],
    ['network error', { message: 'Network Error' }, { message: 'Network Error', statusCode: 0 }],
    ['nothing known', {}, { message: 'http request error', statusCode: 0 }],
  ])('%s', (_name, input, expected) => {
    expect(toHttpError(input)).toEqual(expected);
  });
});

describe('toHttpError in English', () => {
  it.each<[number, string]>([
    [401, 'Your session has ended; sign in again'],
    [403, 'You do not have permission to do this; ask an administrator if you need it'],
    [404, 'What you asked for does not exist; it may have been deleted'],
    [409, 'The data was changed by someone else or conflicts with existing data; reload and try again'],
    [429, 'Too many requests; wait a moment and try again'],
    [503, 'The server is unavailable for the moment; try again shortly'],
    [418, 'The request failed (418); try again shortly'],
  ])('%s without a message', (status, message) => {
    expect(toHttpError({ response: { status, statusText: 'raw', data: '' } }, 'en-US').message).toBe(message);
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
