import { describe, expect, it } from 'vitest';
import { decodeRecordKey, encodeRecordKey, splitRecordKeys } from '../../contract';
import { DECODE_KEY_CASES, ENCODE_KEY_CASES, SPLIT_KEYS_CASES } from '../../contract/record-key-cases';

describe('record keys in the web app (the shared case table)', () => {
  it.each(ENCODE_KEY_CASES)('$names $record → $key', ({ names, record, key }) => {
    expect(encodeRecordKey(names, record)).toBe(key);
  });

  it.each(DECODE_KEY_CASES)('$names $text → $values', ({ names, text, values }) => {
    expect(decodeRecordKey(names, text)).toEqual(values);
  });

  it.each(SPLIT_KEYS_CASES)('$names splits $text → $records', ({ names, text, records }) => {
    expect(splitRecordKeys(names, text)).toEqual(records);
  });

  it('reads back what it writes', () => {
    const names = ['k1', 'k2'];
    const record = { k1: 'a,=%b', k2: 'ü 1' };
    expect(decodeRecordKey(names, encodeRecordKey(names, record))).toEqual(record);
  });
});
