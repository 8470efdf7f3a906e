import { describe, expect, it } from 'vitest';
import type { Table } from '../../../contract';
import { parseTablesFile } from '../../../src/business/lib/tables-file';

const customer = {
  id: 1,
  name: 'customer',
  pluralName: 'customers',
  tableName: 'crm_customer',
  caption: '客户',
} as Table;
const order = { id: 2, name: 'salesOrder', tableName: 'sales_order', caption: '销售订单' } as Table;

describe('parseTablesFile', () => {
  it('lists each table with its record count and the table it names', () => {
    const text = JSON.stringify({ Customers: [{ name: 'a' }, { name: 'b' }], sales_order: [], ghost: [{}] });
    const parsed = parseTablesFile(text, [customer, order]);
    expect(parsed).toEqual({
      ok: true,
      text,
      entries: [
        { name: 'Customers', records: 2, table: customer },
        { name: 'sales_order', records: 0, table: order },
        { name: 'ghost', records: 1, table: null },
      ],
    });
  });

  it('refuses what is not JSON, and JSON of another shape', () => {
    expect(parseTablesFile('{nope', [])).toEqual({ ok: false, error: 'json' });
    for (const text of ['[]', '{}', '1', 'null', '{"customer": {}}', '{"a": [], "b": 3}']) {
      expect(parseTablesFile(text, []), text).toEqual({ ok: false, error: 'shape' });
    }
  });
});
