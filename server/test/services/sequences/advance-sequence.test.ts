import { describe, expect, it } from 'vitest';
import { advanceSequence } from '../../../src/services/sequences/advance-sequence';
import type { SequenceDef } from '../../../src/services/sequences/sequence-def';

const counter = (extra: Partial<SequenceDef> = {}): SequenceDef => ({
  name: 'orderNo',
  caption: '',
  description: null,
  sequenceType: 'LONG',
  currentTime: false,
  format: null,
  minValue: 1,
  maxValue: 100,
  nextValue: 1,
  incrementBy: 1,
  cycle: false,
  ...extra,
});

describe('advanceSequence', () => {
  it.each<[Partial<SequenceDef>, unknown]>([
    [{}, { kind: 'value', value: 1, store: 2 }],
    [
      { nextValue: 10, incrementBy: 5 },
      { kind: 'value', value: 10, store: 15 },
    ],
    [
      { nextValue: null, minValue: 3 },
      { kind: 'value', value: 3, store: 4 },
    ],
    [
      { nextValue: 0, minValue: 3 },
      { kind: 'value', value: 3, store: 4 },
    ],
    [
      { format: 'SO_%05d', nextValue: 42 },
      { kind: 'value', value: 'SO_00042', store: 43 },
    ],
    [
      { sequenceType: 'STRING', nextValue: 42 },
      { kind: 'value', value: '42', store: 43 },
    ],
    [{ nextValue: 100 }, { kind: 'value', value: 100, store: 101 }],
    [{ nextValue: 101 }, { kind: 'exhausted' }],
    [
      { nextValue: 101, cycle: true },
      { kind: 'value', value: 1, store: 2 },
    ],
  ])('%o → %o', (extra, expected) => {
    expect(advanceSequence(counter(extra), 0)).toEqual(expected);
  });

  it('gives 32 hex digits for GUID and stores nothing', () => {
    const first = advanceSequence(counter({ sequenceType: 'GUID' }), 0);
    const second = advanceSequence(counter({ sequenceType: 'GUID' }), 0);
    expect(first).toEqual({ kind: 'value', value: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(first).not.toEqual(second);
  });

  it('issues strictly increasing timestamps for currentTime', () => {
    const now = new Date(2024, 0, 2, 3, 4, 5, 6).getTime();
    expect(advanceSequence(counter({ currentTime: true, nextValue: null }), now)).toEqual({
      kind: 'value',
      value: now,
      store: now,
    });
    expect(advanceSequence(counter({ currentTime: true, nextValue: now }), now)).toEqual({
      kind: 'value',
      value: now + 1,
      store: now + 1,
    });
    expect(
      advanceSequence(
        counter({
          currentTime: true,
          sequenceType: 'STRING',
          format: "'SO'yyyyMMddHHmmssSSS",
          nextValue: now,
        }),
        now,
      ),
    ).toEqual({ kind: 'value', value: 'SO20240102030405007', store: now + 1 });
  });
});
