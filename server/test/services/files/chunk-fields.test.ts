import { describe, expect, it } from 'vitest';
import { ApiException } from '../../../src/errors/api-exception';
import { parseChunkFields } from '../../../src/services/files/chunk-fields';

const limits = { maxBigFileSize: 10_000, maxChunkSize: 1000, maxChunks: 50 };
const md5 = '0123456789abcdef0123456789abcdef';
const valid = { name: 'a.bin', md5, size: '5000', chunks: '5', chunk: '4' };

const refusal = (raw: Record<string, string | undefined>) => {
  try {
    parseChunkFields(raw, limits);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiException);
    const api = error as ApiException;
    return { status: api.status, fields: Object.keys(api.errors ?? {}).sort() };
  }
  throw new Error('expected a refusal');
};

describe('parseChunkFields', () => {
  it('reads valid fields, lowercasing the md5 and cleaning the name', () => {
    expect(parseChunkFields({ ...valid, md5: md5.toUpperCase(), name: '../x/报表.bin' }, limits)).toEqual({
      name: '报表.bin',
      md5,
      size: 5000,
      chunks: 5,
      chunk: 4,
    });
    expect(parseChunkFields({ ...valid, size: '0', chunks: '1', chunk: '0' }, limits)).toMatchObject({
      size: 0,
      chunks: 1,
    });
  });

  it('lists every missing or malformed field', () => {
    expect(refusal({})).toEqual({ status: 400, fields: ['chunk', 'chunks', 'md5', 'name', 'size'] });
    expect(refusal({ ...valid, md5: '../../etc/passwd' })).toEqual({ status: 400, fields: ['md5'] });
    expect(refusal({ ...valid, md5: `${md5}0` })).toEqual({ status: 400, fields: ['md5'] });
    expect(refusal({ ...valid, size: '-1' })).toEqual({ status: 400, fields: ['size'] });
    expect(refusal({ ...valid, size: '1e3' })).toEqual({ status: 400, fields: ['size'] });
    expect(refusal({ ...valid, chunks: '0', chunk: '0' })).toEqual({ status: 400, fields: ['chunks'] });
    expect(refusal({ ...valid, chunk: '5' })).toEqual({ status: 400, fields: ['chunk'] });
    expect(refusal({ ...valid, chunk: '01' })).toEqual({ status: 400, fields: ['chunk'] });
    expect(refusal({ ...valid, name: ' ' })).toEqual({ status: 400, fields: ['name'] });
  });

  it('bounds the chunk count by the limit, the size and the chunk size limit', () => {
    expect(refusal({ ...valid, size: '9000', chunks: '51', chunk: '0' })).toEqual({
      status: 400,
      fields: ['chunks'],
    });
    expect(refusal({ ...valid, size: '3', chunks: '4', chunk: '0' })).toEqual({
      status: 400,
      fields: ['chunks'],
    });
    expect(refusal({ ...valid, size: '5001', chunks: '5', chunk: '0' })).toEqual({
      status: 400,
      fields: ['chunks'],
    });
  });

  it('answers 413 for a file over the big-file limit', () => {
    expect(refusal({ ...valid, size: '10001', chunks: '11', chunk: '0' })).toEqual({
      status: 413,
      fields: [],
    });
  });
});
