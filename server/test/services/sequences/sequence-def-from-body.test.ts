import { describe, expect, it } from 'vitest';
import { ErrorBag } from '../../../src/services/tables/error-bag';
import {
  mergeSequenceBody,
  sequenceDefFromBody,
  validateSequenceDef,
} from '../../../src/services/sequences/sequence-def-from-body';
import type { SequenceBody } from '../../../src/schemas/sequence-body';

const check = (body: SequenceBody) => {
  const errors = new ErrorBag();
  const sequence = sequenceDefFromBody(body, errors);
  validateSequenceDef(sequence, body, errors);
  return { sequence, errors: Object.fromEntries(Object.entries(errors.errors).map(([k, v]) => [k, v.en])) };
};

describe('sequence rules', () => {
  it('gives a new counter its defaults', () => {
    expect(check({ name: 'orderNo', sequenceType: 'STRING', format: 'SO_%09d' })).toEqual({
      sequence: {
        name: 'orderNo',
        caption: 'orderNo',
        description: null,
        sequenceType: 'STRING',
        currentTime: false,
        format: 'SO_%09d',
        minValue: 1,
        maxValue: Number.MAX_SAFE_INTEGER,
        nextValue: 1,
        incrementBy: 1,
        cycle: false,
      },
      errors: {},
    });
    expect(check({ name: 'uid', sequenceType: 'GUID' }).sequence).toMatchObject({
      minValue: null,
      nextValue: null,
    });
  });

  it.each<[SequenceBody, Record<string, string>]>([
    [{ sequenceType: 'LONG' }, { name: 'is required' }],
    [{ name: 'bad name', sequenceType: 'LONG' }, { name: expect.stringContaining('letters') }],
    [{ name: 's' }, { sequenceType: 'is required' }],
    [
      { name: 's', sequenceType: 'LONG', minValue: 10, maxValue: 5 },
      { minValue: 'must not be greater than maxValue', nextValue: 'must lie between minValue and maxValue' },
    ],
    [
      { name: 's', sequenceType: 'LONG', nextValue: 0 },
      { nextValue: 'must lie between minValue and maxValue' },
    ],
    [{ name: 's', sequenceType: 'LONG', incrementBy: 0 }, { incrementBy: 'must be a positive integer' }],
    [
      { name: 's', sequenceType: 'LONG', maxValue: 2 ** 60 },
      { maxValue: expect.stringContaining('9007199254740991') },
    ],
    [{ name: 's', sequenceType: 'STRING', format: 'SO_%s' }, { format: expect.stringContaining('%d') }],
    [
      { name: 's', sequenceType: 'STRING', currentTime: true, format: 'yyyyQQ' },
      { format: expect.stringContaining('yyyy') },
    ],
    [{ name: 's', sequenceType: 'STRING', currentTime: true, format: "'SO'yyyyMMdd" }, {}],
    [{ name: 's', sequenceType: 'GUID', format: 'anything' }, {}],
  ])('%o → %o', (body, errors) => {
    expect(check(body).errors).toEqual(errors);
  });

  it('merges a patch; a used-up nextValue is only checked when set', () => {
    const stored = check({ name: 's', sequenceType: 'LONG', maxValue: 5 }).sequence;
    const exhausted = { ...stored, nextValue: 6 };
    const errors = new ErrorBag();
    const merged = mergeSequenceBody(exhausted, { caption: '订单号', cycle: true, format: '' });
    validateSequenceDef(merged, { caption: '订单号' }, errors);
    expect(errors.empty).toBe(true);
    expect(merged).toMatchObject({ caption: '订单号', cycle: true, format: null, nextValue: 6 });
  });
});
