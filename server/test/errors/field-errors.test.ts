import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../src/errors/field-errors';

describe('fieldErrors', () => {
  it.each([
    [{ keyword: 'minimum', instancePath: '/offset', params: { limit: 0 } }, { offset: '不能小于 0' }],
    [
      { keyword: 'required', instancePath: '', params: { missingProperty: 'username' } },
      { username: '不能为空' },
    ],
    [
      { keyword: 'required', instancePath: '/columns/0', params: { missingProperty: 'name' } },
      { 'columns.0.name': '不能为空' },
    ],
    [
      { keyword: 'additionalProperties', instancePath: '', params: { additionalProperty: 'x' } },
      { x: '不允许的字段' },
    ],
    [{ keyword: 'type', instancePath: '', params: { type: 'object' } }, { body: '类型应为 对象' }],
    [{ keyword: 'weird', instancePath: '/a~1b', params: {} }, { 'a/b': '取值无效' }],
  ])('maps %o', (error, expected) => {
    expect(fieldErrors([error], 'body', 'zh')).toEqual(expected);
  });

  it('keeps the first message per field and speaks English on request', () => {
    expect(
      fieldErrors(
        [
          { keyword: 'type', instancePath: '/limit', params: { type: 'integer' } },
          { keyword: 'maximum', instancePath: '/limit', params: { limit: 5 } },
        ],
        'querystring',
        'en',
      ),
    ).toEqual({ limit: 'must be of type integer' });
  });
});
