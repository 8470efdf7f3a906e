import type { SequenceType } from '../../contract';
import {
  buildSequencePayload,
  isCounterFormat,
  isSequenceFieldEnabled,
  newSequenceDraft,
  toSequenceDraft,
  validateSequence,
  type SequenceDraft,
  type SequenceField,
} from '../../src/sequences/sequence-form';

const draft = (patch: Partial<SequenceDraft> = {}): SequenceDraft => ({
  ...newSequenceDraft(),
  name: 'orderNo',
  format: 'SO_%09d',
  ...patch,
});

const keys = (d: SequenceDraft) =>
  Object.fromEntries(Object.entries(validateSequence(d)).map(([p, i]) => [p, i.key]));

describe('isSequenceFieldEnabled', () => {
  it.each<[SequenceType, boolean, SequenceField, boolean]>([
    ['STRING', false, 'format', true],
    ['STRING', false, 'minValue', true],
    ['STRING', true, 'format', true],
    ['STRING', true, 'nextValue', false],
    ['STRING', true, 'cycle', false],
    ['LONG', false, 'format', false],
    ['LONG', false, 'incrementBy', true],
    ['LONG', true, 'maxValue', false],
    ['LONG', true, 'currentTime', true],
    ['GUID', false, 'currentTime', false],
    ['GUID', false, 'format', false],
    ['GUID', false, 'minValue', false],
  ])('%s, time stamp %s: %s → %s', (sequenceType, currentTime, field, expected) => {
    expect(isSequenceFieldEnabled({ sequenceType, currentTime }, field)).toBe(expected);
  });
});

describe('isCounterFormat', () => {
  it.each([
    ['SO_%09d', true],
    ['%d', true],
    ['%5d', true],
    ['A%%%d', true],
    ['SO_', false],
    ['%s', false],
    ['%d%d', false],
    ['x%', false],
  ])('%s → %s', (format, expected) => expect(isCounterFormat(format)).toBe(expected));
});

describe('validateSequence', () => {
  it.each<[string, Partial<SequenceDraft>, Record<string, string>]>([
    ['the defaults with a name and format', {}, {}],
    ['no name', { name: '' }, { name: 'required' }],
    ['bad name', { name: 'order no' }, { name: 'namePattern' }],
    ['STRING without format', { format: ' ' }, { format: 'required' }],
    ['LONG needs no format', { sequenceType: 'LONG', format: '' }, {}],
    ['min > max', { minValue: 10, maxValue: 5, nextValue: 7 }, { maxValue: 'maxBelowMin' }],
    ['next below min', { minValue: 10, nextValue: 9 }, { nextValue: 'nextOutOfRange' }],
    ['next above max', { maxValue: 100, nextValue: 101 }, { nextValue: 'nextOutOfRange' }],
    ['next on the bounds', { minValue: 5, maxValue: 5, nextValue: 5 }, {}],
    ['step 0', { incrementBy: 0 }, { incrementBy: 'stepPositive' }],
    ['negative step', { incrementBy: -1 }, { incrementBy: 'stepPositive' }],
    ['format without placeholder', { format: 'SO_' }, { format: 'counterFormat' }],
    ['format with two placeholders', { format: '%d-%d' }, { format: 'counterFormat' }],
    ['format with a stray %', { format: '50%_%05d' }, { format: 'counterFormat' }],
    ['format with a literal %', { format: '50%%_%05d' }, {}],
    ['time stamp format is free', { currentTime: true, format: "'SO'yyyyMMdd" }, {}],
    ['fraction', { nextValue: 1.5 }, { nextValue: 'integer' }],
    ['empty number', { maxValue: null }, { maxValue: 'required' }],
    ['time stamp ignores the counter', { currentTime: true, minValue: null, incrementBy: 0 }, {}],
    [
      'GUID ignores everything else',
      { sequenceType: 'GUID', format: '', incrementBy: 0, minValue: 9, maxValue: 1 },
      {},
    ],
  ])('%s', (_label, patch, expected) => {
    expect(keys(draft(patch))).toEqual(expected);
  });
});

describe('buildSequencePayload', () => {
  it('sends what applies and nulls the rest', () => {
    expect(buildSequencePayload(draft({ sequenceType: 'GUID', cycle: true, currentTime: true }))).toEqual({
      name: 'orderNo',
      caption: '',
      description: null,
      sequenceType: 'GUID',
      currentTime: false,
      format: null,
      minValue: null,
      maxValue: null,
      nextValue: null,
      incrementBy: null,
      cycle: false,
    });
    expect(buildSequencePayload(draft({ sequenceType: 'LONG', cycle: true }))).toMatchObject({
      format: null,
      minValue: 1,
      maxValue: 999999999,
      nextValue: 1,
      incrementBy: 1,
      cycle: true,
    });
    expect(buildSequencePayload(draft({ currentTime: true, format: "'SO'yyyyMMdd" }))).toMatchObject({
      currentTime: true,
      format: "'SO'yyyyMMdd",
      nextValue: null,
    });
  });

  it('round-trips a stored sequence', () => {
    const stored = {
      id: 3,
      name: 'n',
      caption: 'c',
      description: 'd',
      sequenceType: 'LONG' as const,
      currentTime: false,
      format: null,
      minValue: 1,
      maxValue: 9,
      nextValue: 2,
      incrementBy: 1,
      cycle: true,
    };
    const { id: _id, ...rest } = stored;
    expect(buildSequencePayload(toSequenceDraft(stored))).toEqual(rest);
  });
});
