import { describe, expect, it } from 'vitest';
import { cleanPayload, type PayloadRelation } from '../../../src/services/items/clean-payload';
import { ORDER_COLUMNS } from './fixtures';

const RELATIONS: PayloadRelation[] = [
  {
    name: 'customer',
    relationType: 'ManyToOne',
    fromColumn: { name: 'customerId', multipleValue: false },
    toColumn: { name: 'id' },
  },
  {
    name: 'lines',
    relationType: 'OneToMany',
    fromColumn: { name: 'id', multipleValue: false },
    toColumn: { name: 'orderId' },
  },
  {
    name: 'detail',
    relationType: 'OneToOneMainToSub',
    fromColumn: { name: 'id', multipleValue: false },
    toColumn: { name: 'orderId' },
  },
];

const clean = (body: Record<string, unknown>, mode: 'create' | 'update' = 'create', fixed?: string[]) => {
  const result = cleanPayload({
    columns: ORDER_COLUMNS,
    keyNames: ['id'],
    relations: RELATIONS,
    body,
    mode,
    ...(fixed ? { fixed } : {}),
  });
  return {
    values: result.values,
    nested: result.nested,
    errors: Object.fromEntries(Object.entries(result.errors).map(([key, value]) => [key, value.en])),
  };
};

describe('cleanPayload', () => {
  it('types the values of a create body', () => {
    expect(clean({ name: '订单', qty: '3', total: 12.5, paid: 'true', note: null, secret: 'pw' })).toEqual({
      values: { name: '订单', qty: 3, total: '12.5', paid: true, note: null, secret: 'pw' },
      nested: [],
      errors: {},
    });
  });

  it('ignores server-filled, FULLTEXT, non-insertable columns and markers on create', () => {
    expect(
      clean({
        name: 'a',
        id: 99,
        fullTextBody: 'x',
        createdDate: '2000-01-01 00:00:00',
        lastModifiedDate: 1,
        createById: 7,
        updateById: 7,
        ownerId: 7,
        isDeleted: true,
        hidden: 'no',
        locked: 'yes',
        isNewRow: true,
      }).values,
    ).toEqual({ name: 'a', locked: 'yes' });
  });

  it('ignores a value for an auto-increment column even when it is insertable (a temporary id)', () => {
    const columns = ORDER_COLUMNS.map((column) =>
      column.name === 'id' ? { ...column, insertable: true } : column,
    );
    const result = cleanPayload({
      columns,
      keyNames: ['id'],
      relations: [],
      body: { id: 1700000000000, name: 'a' },
      mode: 'create',
    });
    expect(result.values).toEqual({ name: 'a' });
  });

  it('ignores keys, non-updatable and server-filled columns on update, but lets isDeleted change (restore)', () => {
    expect(
      clean({ id: 5, name: 'b', locked: 'x', hidden: 'h', isDeleted: false, ownerId: 3 }, 'update').values,
    ).toEqual({
      name: 'b',
      hidden: 'h',
      isDeleted: false,
    });
  });

  it('requires non-nullable columns without default, sequence or server value on create only', () => {
    expect(clean({}).errors).toEqual({ name: 'is required' });
    expect(clean({ name: null }).errors).toEqual({ name: 'is required' });
    expect(clean({}, 'update').errors).toEqual({});
    expect(clean({ name: null }, 'update').errors).toEqual({ name: 'is required' });
  });

  it('refuses unknown fields and bad values, naming each field', () => {
    expect(
      clean({
        name: 'x'.repeat(21),
        qty: 'many',
        total: '1.234',
        paid: 'maybe',
        bogus: 1,
        __proto__: 1,
        't1.password': 'x',
      }).errors,
    ).toEqual({
      name: 'must have at most 20 characters',
      qty: 'must be an integer from -2147483648 to 2147483647',
      total: 'must be a number with at most 8 integer and 2 fraction digits',
      paid: 'must be yes or no (true/false)',
      bogus: 'the table has no column or relation bogus',
      't1.password': 'the table has no column or relation t1.password',
    });
    const proto = cleanPayload({
      columns: ORDER_COLUMNS,
      keyNames: ['id'],
      relations: [],
      body: JSON.parse('{"name":"a","__proto__":{"x":1}}') as Record<string, unknown>,
      mode: 'create',
    });
    expect(Object.keys(proto.errors)).toEqual(['__proto__']);
  });

  it('treats blanks of non-text columns as null and a blank password as no change', () => {
    expect(clean({ name: 'a', total: '', receipt: '', secret: '' }).values).toEqual({
      name: 'a',
      total: null,
      receipt: '',
    });
  });

  it('returns OneToMany / MainToSub bodies for the nested write and fills a foreign key from a selected parent', () => {
    const result = clean({ name: 'a', customer: { id: 4, name: '客户' }, lines: [{ qty: 1 }], detail: null });
    expect(result.values).toEqual({ name: 'a', customerId: 4 });
    expect(result.nested).toEqual([
      { relation: 'lines', value: [{ qty: 1 }] },
      { relation: 'detail', value: null },
    ]);
    expect(clean({ name: 'a', customerId: 5, customer: { id: 4 } }).values.customerId).toBe(5);
  });

  it('ignores the columns the server fixes (a child foreign key)', () => {
    expect(clean({ name: 'a', customerId: 9 }, 'create', ['customerId']).values).toEqual({ name: 'a' });
  });

  it('joins the keys of several selected parents for a multipleValue foreign key', () => {
    const result = cleanPayload({
      columns: ORDER_COLUMNS,
      keyNames: ['id'],
      relations: [
        {
          name: 'tags',
          relationType: 'ManyToOne',
          fromColumn: { name: 'note', multipleValue: true },
          toColumn: { name: 'id' },
        },
      ],
      body: { name: 'a', tags: [{ id: 1 }, { id: 2 }] },
      mode: 'create',
    });
    expect(result.values.note).toBe('1,2');
  });
});
