import { describe, expect, it } from 'vitest';
import { ApiException } from '../../../src/errors/api-exception';
import { toItemTable } from '../../../src/services/items/item-table';
import { assertOnlySettable, unsettableFields } from '../../../src/services/permissions/unsettable-fields';
import { ORDER_COLUMNS, tableOf } from '../items/fixtures';

const whole = toItemTable(tableOf('orders', ORDER_COLUMNS), []);
const allowedColumns = ORDER_COLUMNS.filter((column) => column.name !== 'total' && column.name !== 'note');
const allowed = { ...whole, table: { ...whole.table, columns: allowedColumns } };

describe('unsettableFields', () => {
  it('names the columns of the table that the narrowed view lacks, once each', () => {
    expect(
      unsettableFields(whole, allowed, [{ name: 'a', total: 1 }, { total: 2, note: 'x' }, { qty: 1 }]),
    ).toEqual(['total', 'note']);
  });

  it('ignores unknown names, non-records and a view that lacks nothing', () => {
    expect(unsettableFields(whole, allowed, [{ nope: 1 }, null, 'x', [{ total: 1 }]])).toEqual([]);
    expect(unsettableFields(whole, whole, [{ total: 1 }])).toEqual([]);
  });

  it('throws FORBIDDEN naming the columns, or nothing when all are settable', () => {
    expect(() => assertOnlySettable(whole, allowed, [{ name: 'a' }])).not.toThrow();
    let thrown: unknown;
    try {
      assertOnlySettable(whole, allowed, [{ total: 1 }]);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiException);
    expect((thrown as ApiException).code).toBe('FORBIDDEN');
  });
});
