import { describe, expect, it } from 'vitest';
import { readableTables } from '../../../src/services/permissions/readable-tables';
import { ORDER_COLUMNS, tableOf } from '../items/fixtures';

const orders = tableOf('orders', ORDER_COLUMNS);
const other = tableOf('other', ORDER_COLUMNS.slice(0, 3));
const idOf = (name: string) => ORDER_COLUMNS.find((column) => column.name === name)?.id ?? -1;

describe('readableTables', () => {
  it('drops the hidden columns of each table but never its keys', () => {
    const rules = new Map([
      [orders.id, { hidden: new Set([idOf('total'), idOf('id')]), readOnly: new Set<number>() }],
    ]);
    const [narrowed, untouched] = readableTables([orders, other], rules);
    const names = narrowed?.columns.map((column) => column.name) ?? [];
    expect(names).not.toContain('total');
    expect(names).toContain('id');
    expect(names).toHaveLength(ORDER_COLUMNS.length - 1);
    expect(untouched).toBe(other);
  });

  it('returns the tables as they are without rules or with only read-only columns', () => {
    const readOnly = new Map([
      [orders.id, { hidden: new Set<number>(), readOnly: new Set([idOf('total')]) }],
    ]);
    expect(readableTables([orders], new Map())[0]).toBe(orders);
    expect(readableTables([orders], readOnly)[0]).toBe(orders);
  });
});
