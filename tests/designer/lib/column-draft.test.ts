import type { Column } from '../../../contract';
import {
  freeColumnNames,
  newColumn,
  tidyColumn,
  toColumnDrafts,
  withCellValue,
  withAutoIncrement,
  withDataType,
  withIndexType,
} from '../../../src/designer/lib/column-draft';

const varchar = (extra: Partial<Column> = {}): Column => ({ ...newColumn('title'), ...extra });

describe('newColumn', () => {
  it('is a nullable, editable VARCHAR(200) with a fresh key', () => {
    const a = newColumn('col1', '标题');
    const b = newColumn('col2');
    expect(a).toMatchObject({
      name: 'col1',
      caption: '标题',
      dataType: 'VARCHAR',
      length: 200,
      nullable: true,
      insertable: true,
      updatable: true,
      queryable: true,
      indexType: 'NONE',
    });
    expect(a.id).toBeUndefined();
    expect(a.key).not.toBe(b.key);
  });
});

describe('freeColumnNames', () => {
  it.each([
    [[], 3, ['col1', 'col2', 'col3']],
    [['col1', 'COL3'], 3, ['col2', 'col4', 'col5']],
    [['id'], 0, []],
  ])('taken %j, %i → %j', (taken, count, expected) => {
    expect(freeColumnNames(taken, count)).toEqual(expected);
  });
});

describe('withDataType', () => {
  it.each<[Column['dataType'], Partial<Column>]>([
    ['INT', { length: null, precision: null, scale: null }],
    ['DECIMAL', { length: null, precision: 10, scale: 2 }],
    ['CHAR', { length: 200 }],
    ['TEXT', { length: null, multipleValue: false }],
    ['BOOL', { unsigned: false, autoIncrement: false }],
  ])('VARCHAR(200) → %s gives %j', (dataType, expected) => {
    expect(withDataType(varchar(), dataType)).toMatchObject({ dataType, ...expected });
  });

  it('keeps a length that fits and replaces one that does not', () => {
    expect(withDataType(varchar({ length: 20 }), 'CHAR').length).toBe(20);
    expect(withDataType(varchar({ length: 1000 }), 'CHAR').length).toBe(50);
  });

  it('drops an index type the new type cannot carry', () => {
    expect(withDataType(varchar({ indexType: 'UNIQUE', indexStorage: 'BTREE' }), 'TEXT')).toMatchObject({
      indexType: 'NONE',
      indexStorage: null,
    });
    expect(withDataType(varchar({ indexType: 'FULLTEXT' }), 'LONGTEXT').indexType).toBe('FULLTEXT');
  });

  it('clears unsigned and auto-increment when leaving an integer type', () => {
    const id = withAutoIncrement({ ...withDataType(varchar(), 'BIGINT'), unsigned: true }, true);
    expect(id).toMatchObject({ unsigned: true, autoIncrement: true });
    expect(withDataType(id, 'VARCHAR')).toMatchObject({ unsigned: false, autoIncrement: false });
  });
});

describe('withIndexType / withAutoIncrement / tidyColumn', () => {
  it('makes a primary key not nullable, with B-tree storage', () => {
    expect(withIndexType(varchar(), 'PRIMARY')).toMatchObject({ nullable: false, indexStorage: 'BTREE' });
  });

  it('removes storage and index name with the index', () => {
    const indexed = withIndexType(varchar({ indexName: 'ix_title' }), 'INDEX');
    expect(withIndexType(indexed, 'NONE')).toMatchObject({ indexStorage: null, indexName: null });
  });

  it('auto-increment drops default value and sequence', () => {
    const row = { ...withDataType(varchar(), 'BIGINT'), defaultValue: '5', seqId: 3 };
    expect(withAutoIncrement(row, true)).toMatchObject({ defaultValue: null, seqId: null });
  });

  it('tidyColumn leaves a consistent row alone', () => {
    const row = varchar();
    expect(tidyColumn(row)).toEqual(row);
  });
});

describe('toColumnDrafts', () => {
  it('orders by displayOrder and keys stored columns by id', () => {
    const rows = toColumnDrafts([
      { id: 7, name: 'b', dataType: 'INT', displayOrder: 1 },
      { id: 3, name: 'a', dataType: 'INT', displayOrder: 0 },
    ]);
    expect(rows.map((r) => [r.name, r.key])).toEqual([
      ['a', 'id-3'],
      ['b', 'id-7'],
    ]);
  });
});

describe('withCellValue', () => {
  it.each<[string, unknown, Partial<Column>]>([
    ['caption', '名称', { caption: '名称' }],
    ['dataType', 'INT', { dataType: 'INT', length: null }],
    ['indexType', 'PRIMARY', { indexType: 'PRIMARY', nullable: false }],
    ['indexType', null, { indexType: 'NONE' }],
    ['nullable', false, { nullable: false }],
  ])('%s = %j', (field, value, expected) => {
    expect(withCellValue(varchar(), field as Parameters<typeof withCellValue>[1], value)).toMatchObject(
      expected,
    );
  });

  it('auto-increment goes through its rule', () => {
    const row = { ...withDataType(varchar(), 'INT'), defaultValue: '1' };
    expect(withCellValue(row, 'autoIncrement', true)).toMatchObject({
      autoIncrement: true,
      defaultValue: null,
    });
  });
});

describe('toColumnDrafts tidies stored columns', () => {
  it('drops a length stored on an integer column', () => {
    const [row] = toColumnDrafts([
      { id: 1, name: 'id', dataType: 'BIGINT', length: 20, indexType: 'PRIMARY' },
    ]);
    expect(row).toMatchObject({ length: null, indexType: 'PRIMARY' });
  });
});
