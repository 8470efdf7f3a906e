import { describe, expect, it } from 'vitest';
import { decodeRecordKey, splitRecordKeys } from '../../../../contract/record-key';
import { DECODE_KEY_CASES, ENCODE_KEY_CASES, SPLIT_KEYS_CASES } from '../../../../contract/record-key-cases';
import { keyText } from '../../../src/services/items/record-keys';
import type { ItemTable } from '../../../src/services/items/item-table';

/** Only the key names matter to keyText. */
const itemWithKeys = (names: readonly string[]) =>
  ({ keys: names.map((name) => ({ name })) }) as unknown as ItemTable;

describe('record keys on the server (the shared case table)', () => {
  it.each(ENCODE_KEY_CASES)('keyText $names $record → $key', ({ names, record, key }) => {
    expect(keyText(itemWithKeys(names), record)).toBe(key);
  });

  it.each(DECODE_KEY_CASES)('$names $text → $values', ({ names, text, values }) => {
    expect(decodeRecordKey(names, text)).toEqual(values);
  });

  it.each(SPLIT_KEYS_CASES)('$names splits $text → $records', ({ names, text, records }) => {
    expect(splitRecordKeys(names, text)).toEqual(records);
  });
});
