import { describe, expect, it } from 'vitest';
import { primaryNamesOf, toColumn, toIndex, toTable } from '../../src/services/metadata-rows';

const columnRow = (overrides: Record<string, unknown> = {}) => ({
  id: '7',
  tableId: 1,
  name: 'id',
  caption: '编号',
  description: null,
  displayOrder: 0,
  dataType: 'BIGINT',
  length: null,
  precision: null,
  scale: null,
  unsigned: 0,
  indexType: 'PRIMARY',
  indexStorage: null,
  indexName: null,
  autoIncrement: 1,
  seqId: null,
  nullable: false,
  defaultValue: null,
  insertable: 1,
  updatable: 0,
  queryable: 0,
  displayable: 0,
  systemable: 1,
  multipleValue: 0,
  createdDate: '1700000000000',
  lastModifiedDate: 1700000000001,
  ...overrides,
});

describe('metadata rows', () => {
  it('maps a column row with 0/1 booleans and string numbers', () => {
    expect(toColumn(columnRow())).toMatchObject({
      id: 7,
      unsigned: false,
      autoIncrement: true,
      nullable: false,
      updatable: false,
      systemable: true,
      createdDate: 1700000000000,
      lastModifiedDate: 1700000000001,
    });
  });

  it('maps an index with its lines', () => {
    const index = toIndex(
      {
        id: 3,
        name: 'idx',
        caption: null,
        description: 'd',
        indexType: 'UNIQUE',
        indexStorage: 'BTREE',
        createdDate: 1,
        lastModifiedDate: 2,
      },
      [{ id: 9, indexId: 3, columnId: 7, columnName: 'code' }],
    );
    expect(index).toEqual({
      id: 3,
      name: 'idx',
      caption: '',
      description: 'd',
      indexType: 'UNIQUE',
      indexStorage: 'BTREE',
      createdDate: 1,
      lastModifiedDate: 2,
      indexLines: [{ id: 9, column: { id: 7, name: 'code' } }],
    });
  });

  it('derives primaryNames from PRIMARY columns, else from a PRIMARY index', () => {
    const a = toColumn(columnRow({ name: 'a', indexType: null }));
    const b = toColumn(columnRow({ name: 'b', indexType: null }));
    const composite = toIndex(
      { id: 1, name: 'pk', indexType: 'PRIMARY', createdDate: 1, lastModifiedDate: 1 },
      [
        { id: 1, columnId: 2, columnName: 'b' },
        { id: 2, columnId: 1, columnName: 'a' },
      ],
    );
    expect(primaryNamesOf([toColumn(columnRow())], [])).toEqual(['id']);
    expect(primaryNamesOf([a, b], [composite])).toEqual(['b', 'a']);
    expect(primaryNamesOf([a, b], [])).toEqual([]);
  });

  it('maps a table row, defaulting pluralName to name', () => {
    const table = toTable(
      {
        id: 1,
        name: 'product',
        pluralName: null,
        tableName: 'product',
        caption: '产品',
        description: null,
        engine: null,
        reverse: 0,
        systemable: 0,
        readOnly: 1,
        createdDate: 5,
        lastModifiedDate: 6,
      },
      [toColumn(columnRow())],
      [],
    );
    expect(table).toMatchObject({
      id: 1,
      pluralName: 'product',
      readOnly: true,
      reverse: false,
      primaryNames: ['id'],
      indexs: [],
    });
  });
});
