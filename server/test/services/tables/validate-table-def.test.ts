import { describe, expect, it } from 'vitest';
import { ErrorBag } from '../../../src/services/tables/error-bag';
import type { TableDef } from '../../../src/model/table-def';
import {
  validateTableDef,
  type TableValidationContext,
} from '../../../src/services/tables/validate-table-def';
import { col, idColumn, table } from './fixtures';

const errorsOf = (def: TableDef, context: TableValidationContext = {}) => {
  const errors = new ErrorBag();
  validateTableDef(def, context, errors);
  return Object.fromEntries(Object.entries(errors.errors).map(([field, message]) => [field, message.en]));
};

const fresh = (def: TableDef): TableDef => ({
  ...def,
  id: undefined,
  columns: def.columns.map(({ id: _id, ...column }) => column),
});

describe('validateTableDef', () => {
  it('accepts a table with one key', () => {
    expect(errorsOf(fresh(table([idColumn(), col('name')])))).toEqual({});
  });

  it('names the offending fields', () => {
    const def = fresh(
      table(
        [
          idColumn(),
          col('Name'),
          col('name'),
          col('bad name'),
          col('order'),
          col('price', { dataType: 'DECIMAL', precision: 70, scale: 2, length: null }),
          col('qty', { dataType: 'INT', length: null, defaultValue: 'many' }),
          col('note', { dataType: 'TEXT', length: null, indexType: 'UNIQUE', indexName: 'uk_note' }),
          col('flag', { dataType: 'BOOL', length: null, unsigned: true }),
          col('code', { length: 0 }),
        ],
        { name: 'select', tableName: 'cb_product', engine: 'Aria' },
      ),
    );
    expect(errorsOf(def)).toEqual({
      name: 'select is a reserved word of a supported database',
      tableName: 'must not start with cb_ (reserved by crudboard)',
      engine: 'the engine must be InnoDB or MyISAM',
      'columns.2.name': 'name is used twice (names ignore case)',
      'columns.3.name': expect.stringContaining('letters, digits and underscores'),
      'columns.4.name': 'order is a reserved word of a supported database',
      'columns.5.precision': 'must be an integer from 1 to 65',
      'columns.6.defaultValue': 'the default many of column qty is not a valid INT',
      'columns.7.indexType': 'TEXT and LONGTEXT columns cannot have a unique or plain index; use VARCHAR',
      'columns.8.unsigned': 'only integer types can be unsigned',
      'columns.9.length': 'must be an integer from 1 to 16383',
    });
  });

  it('wants exactly one primary key, not nullable, auto-increment only on it', () => {
    expect(errorsOf(fresh(table([col('name')])))).toEqual({
      columns: expect.stringContaining('primary key is required'),
    });
    expect(
      errorsOf(fresh(table([idColumn(), col('code', { indexType: 'PRIMARY', nullable: false })]))),
    ).toEqual({
      'columns.1.indexType': 'a table has at most one primary key',
    });
    expect(
      errorsOf(
        fresh(
          table([col('a', { nullable: false }), col('b')], {
            indexs: [
              {
                name: 'pk',
                caption: '',
                description: null,
                indexType: 'PRIMARY',
                indexStorage: null,
                columns: ['a', 'b'],
              },
            ],
          }),
        ),
      ),
    ).toEqual({ 'indexs.0.indexLines.1.column': 'a primary key column cannot be nullable' });
    expect(errorsOf(fresh(table([idColumn({ nullable: true }), col('n', { autoIncrement: true })])))).toEqual(
      {
        'columns.0.nullable': 'a primary key column cannot be nullable',
        'columns.1.autoIncrement': 'an auto-increment column must be the INT or BIGINT primary key',
      },
    );
    expect(errorsOf(fresh(table([col('name')], { reverse: true })))).toEqual({});
  });

  it('keeps index names unique and full-text on text columns, once', () => {
    const def = fresh(
      table(
        [
          idColumn(),
          col('a', { indexType: 'UNIQUE', indexName: 'same' }),
          col('b', { dataType: 'INT', length: null, indexType: 'FULLTEXT', indexName: 'ft_b' }),
          col('c', { dataType: 'TEXT', length: null, indexType: 'FULLTEXT', indexName: 'ft_c' }),
          col('d', { dataType: 'TEXT', length: null, indexType: 'FULLTEXT', indexName: 'ft_d' }),
          col('e', { length: 1000, indexType: 'INDEX', indexName: 'ix_e' }),
        ],
        {
          indexs: [
            {
              name: 'SAME',
              caption: '',
              description: null,
              indexType: 'INDEX',
              indexStorage: null,
              columns: ['a', 'a'],
            },
            {
              name: 'blank',
              caption: '',
              description: null,
              indexType: 'UNIQUE',
              indexStorage: null,
              columns: [],
            },
          ],
        },
      ),
    );
    expect(errorsOf(def)).toEqual({
      'columns.2.indexType': 'FULLTEXT applies to CHAR, VARCHAR, TEXT and LONGTEXT columns',
      'columns.3.indexType': 'a table has at most one FULLTEXT column',
      'columns.4.indexType': 'a table has at most one FULLTEXT column',
      'columns.5.length': 'the indexed columns are longer than 768 characters in total',
      'indexs.0.name': 'SAME is used twice (names ignore case)',
      'indexs.0.indexLines.1.column': 'column a appears twice in the index',
      'indexs.1.indexLines': 'an index needs at least one column',
    });
  });

  it('compares names with every other table, any case, and checks sequences', () => {
    const others = [{ id: 7, name: 'Order_', pluralName: 'orders', tableName: 'ORDER_T' }];
    const def = fresh(
      table(
        [idColumn(), col('code', { seqId: 3 }), col('dueOn', { dataType: 'DATE', length: null, seqId: 4 })],
        {
          name: 'orders',
          pluralName: 'order_',
          tableName: 'order_t',
        },
      ),
    );
    expect(errorsOf(def, { others, sequences: new Map([[4, 'LONG']]) })).toEqual({
      name: 'orders is already used by table Order_',
      pluralName: 'order_ is already used by table Order_',
      tableName: 'order_t is already used by table Order_',
      'columns.1.seqId': 'there is no sequence 3',
      'columns.2.seqId': 'a LONG sequence cannot fill a DATE column',
    });
    const own = table([idColumn({ id: 1 })], {
      id: 7,
      name: 'Order_',
      pluralName: 'orders',
      tableName: 'ORDER_T',
    });
    expect(errorsOf(own, { others, existing: own })).toEqual({});
  });

  it('keeps the key and system columns of a stored table', () => {
    const stored = table([idColumn({ id: 1 }), col('name', { id: 2 })]);
    expect(
      errorsOf(
        { ...stored, columns: [idColumn({ id: 1, dataType: 'INT' }), stored.columns[1]!] },
        { existing: stored },
      ),
    ).toEqual({
      columns: expect.stringContaining('primary key of an existing table cannot change'),
    });
    const system = { ...stored, systemable: true };
    expect(errorsOf({ ...system, columns: [system.columns[0]!] }, { existing: system })).toEqual({
      columns: 'the columns of a system table cannot be dropped, renamed or retyped',
    });
    expect(errorsOf({ ...system, columns: [...system.columns, col('extra')] }, { existing: system })).toEqual(
      {},
    );
  });

  it('does not re-check stored names that did not change (they may predate the rules)', () => {
    const stored = table([idColumn({ id: 1 }), col('key', { id: 2 })]);
    expect(errorsOf(stored, { existing: stored })).toEqual({});
    expect(
      errorsOf(
        { ...stored, columns: [stored.columns[0]!, { ...stored.columns[1]!, name: 'value' }] },
        { existing: stored },
      ),
    ).toEqual({});
  });
});
