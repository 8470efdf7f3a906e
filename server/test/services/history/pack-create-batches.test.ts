import { describe, expect, it } from 'vitest';
import {
  BATCH_MAX_CHARS,
  BATCH_MAX_RECORDS,
  BATCH_MAX_SPAN,
  BATCH_MIN_RECORDS,
  batchColumnsOf,
  batchEntries,
  batchKeyOf,
  batchValuesOf,
  batchWithout,
  packCreateBatches,
  type BatchCandidate,
} from '../../../src/services/history/pack-create-batches';

const COLUMNS = ['id', 'name', '!pin'];

const candidate = (key: number, name = `n${String(key)}`): BatchCandidate => ({
  key,
  recordKey: String(key),
  values: batchValuesOf([
    { column: 'id', new: key },
    { column: 'name', new: name },
    { column: 'pin', secret: true },
  ]),
});

const keysOf = (count: number, from = 1, step = 1) =>
  Array.from({ length: count }, (_, n) => from + n * step);

describe('packCreateBatches', () => {
  it('keeps a row per record below the fewest a batch takes', () => {
    const few = keysOf(BATCH_MIN_RECORDS - 1).map((key) => candidate(key));
    expect(packCreateBatches(COLUMNS, few)).toEqual({ batches: [], single: few.map((_, index) => index) });
  });

  it('packs records in key order, whatever order they came in, and reads each back as its own create', () => {
    const keys = keysOf(BATCH_MIN_RECORDS).reverse();
    const { batches, single } = packCreateBatches(
      COLUMNS,
      keys.map((key) => candidate(key)),
    );
    expect(single).toEqual([]);
    expect(batches).toHaveLength(1);
    expect(batches[0]).toMatchObject({ keyFrom: 1, keyTo: BATCH_MIN_RECORDS });
    expect(batches[0]?.members[0]).toBe(BATCH_MIN_RECORDS - 1);
    const entries = batchEntries(batches[0]?.changes ?? '');
    expect([...entries.keys()].slice(0, 3)).toEqual(['1', '2', '3']);
    expect(entries.get('7')).toEqual([
      { column: 'id', new: 7 },
      { column: 'name', new: 'n7' },
      { column: 'pin', secret: true },
    ]);
  });

  it('starts a new batch at the most records, the widest key range and the most characters', () => {
    const many = packCreateBatches(
      COLUMNS,
      keysOf(BATCH_MAX_RECORDS + 10).map((key) => candidate(key)),
    );
    expect(many.batches.map((batch) => batch.members.length)).toEqual([BATCH_MAX_RECORDS, 10]);

    const sparse = packCreateBatches(
      COLUMNS,
      keysOf(BATCH_MIN_RECORDS, 1, 1000).map((key) => candidate(key)),
    );
    for (const batch of sparse.batches)
      expect(batch.keyTo - batch.keyFrom).toBeLessThanOrEqual(BATCH_MAX_SPAN);
    expect(sparse.batches.reduce((sum, batch) => sum + batch.members.length, 0) + sparse.single.length).toBe(
      BATCH_MIN_RECORDS,
    );

    const long = 'x'.repeat(Math.floor(BATCH_MAX_CHARS / 20));
    const wide = packCreateBatches(
      COLUMNS,
      keysOf(BATCH_MIN_RECORDS).map((key) => candidate(key, long)),
    );
    expect(wide.batches.length).toBeGreaterThan(1);
    for (const batch of wide.batches) expect(batch.changes.length).toBeLessThanOrEqual(BATCH_MAX_CHARS);

    // a record too large for any batch keeps a row of its own; the others still go together
    const huge = packCreateBatches(COLUMNS, [
      candidate(1, 'y'.repeat(BATCH_MAX_CHARS)),
      ...keysOf(BATCH_MIN_RECORDS, 2).map((key) => candidate(key)),
    ]);
    expect(huge.single).toEqual([0]);
    expect(huge.batches[0]?.members).toHaveLength(BATCH_MIN_RECORDS);
  });

  it('leaves records out of a batch for pruning, and names secret columns apart', () => {
    const { batches } = packCreateBatches(
      COLUMNS,
      keysOf(BATCH_MIN_RECORDS).map((key) => candidate(key)),
    );
    const left = batchWithout(batches[0]?.changes ?? '', new Set(['1', '2']));
    expect(left.count).toBe(BATCH_MIN_RECORDS - 2);
    expect([...batchEntries(left.changes).keys()][0]).toBe('3');
    expect(
      batchColumnsOf([
        { column: 'pin', secret: true },
        { column: 'a', new: 1 },
      ]),
    ).toEqual(['!pin', 'a']);
    // a batch gone meanwhile reads as holding nothing
    expect(batchEntries('[]').size).toBe(0);
  });

  it('takes only whole numbers within the safe range as batch keys', () => {
    expect(batchKeyOf('42')).toBe(42);
    expect(batchKeyOf('-7')).toBe(-7);
    for (const text of ['007', '1.5', 'a', '', '1e3', '9999999999999999', ' 1'])
      expect(batchKeyOf(text)).toBeNull();
  });
});
