import { describe, expect, it } from 'vitest';
import { deleteConfirmLines } from '../../../src/business/lib/delete-confirm-text';

describe('deleteConfirmLines', () => {
  it('names one record and says a delete is for good', () => {
    expect(deleteConfirmLines('delete', ['Led Zeppelin III'], 1)).toEqual([
      { key: 'recordConfirm.named.delete', values: { names: '“Led Zeppelin III”', count: 1 } },
      { key: 'recordConfirm.goneForGood' },
    ]);
  });
  it('names at most three, counts the rest, and says a soft delete goes to the recycle bin', () => {
    const [which, fate] = deleteConfirmLines('softDelete', ['a', 'b', 'c', 'd'], 5, {
      quote: (t) => `"${t}"`,
      separator: ', ',
    });
    expect(which).toEqual({
      key: 'recordConfirm.namedMore.softDelete',
      values: { names: '"a", "b", "c"', more: 2, count: 5 },
    });
    expect(fate).toEqual({ key: 'recordConfirm.toRecycleBin' });
  });
  it('counts records it cannot name; a restore brings them back', () => {
    expect(deleteConfirmLines('restore', ['', ' '], 2)).toEqual([
      { key: 'recordConfirm.records', values: { count: 2 } },
      { key: 'recordConfirm.restored' },
    ]);
  });
});
