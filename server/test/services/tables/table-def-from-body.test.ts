import { describe, expect, it } from 'vitest';
import { ErrorBag } from '../../../src/services/tables/error-bag';
import { mergeTableBody, tableDefFromBody } from '../../../src/services/tables/table-def-from-body';
import { col, idColumn, table } from './fixtures';

const en = (errors: ErrorBag) => Object.fromEntries(Object.entries(errors.errors).map(([k, v]) => [k, v.en]));

describe('tableDefFromBody', () => {
  it('fills defaults, normalises sizes and names single-column indexes', () => {
    const errors = new ErrorBag();
    const def = tableDefFromBody(
      {
        name: 'product',
        columns: [
          { id: 99, name: 'id', dataType: 'BIGINT', length: 20, indexType: 'PRIMARY', autoIncrement: true },
          { name: 'code', dataType: 'VARCHAR', indexType: 'UNIQUE', defaultValue: '  ' },
          { name: 'price', dataType: 'DECIMAL', seqId: -1 },
          { name: 'photo', dataType: 'ATTACHMENT', length: 5, indexType: 'NONE', indexName: 'x' },
        ],
        indexs: [
          {
            name: 'byCode',
            indexType: 'INDEX',
            indexStorage: 'NONE',
            indexLines: [{ column: { name: 'CODE' } }],
          },
        ],
      },
      errors,
    );
    expect(errors.empty).toBe(true);
    expect(def).toMatchObject({
      name: 'product',
      pluralName: null,
      tableName: 'product',
      caption: 'product',
      engine: null,
    });
    expect(
      def.columns.map((c) => [
        c.id,
        c.name,
        c.caption,
        c.displayOrder,
        c.length,
        c.precision,
        c.scale,
        c.nullable,
      ]),
    ).toEqual([
      [undefined, 'id', 'id', 0, null, null, null, false],
      [undefined, 'code', 'code', 1, 255, null, null, true],
      [undefined, 'price', 'price', 2, null, 10, 0, true],
      [undefined, 'photo', 'photo', 3, 1000, null, null, true],
    ]);
    expect(def.columns[1]).toMatchObject({ indexName: 'uk_code', defaultValue: null });
    expect(def.columns[2]?.seqId).toBeNull();
    expect(def.columns[3]).toMatchObject({ indexName: null, indexStorage: null });
    expect(def.indexs).toEqual([
      {
        name: 'byCode',
        caption: 'byCode',
        description: null,
        indexType: 'INDEX',
        indexStorage: null,
        columns: ['code'],
      },
    ]);
  });

  it('reports missing names and types and unknown index columns by path', () => {
    const errors = new ErrorBag();
    tableDefFromBody(
      {
        name: 'x',
        columns: [{ name: 'a' }, { dataType: 'INT' }],
        indexs: [{ name: 'i', indexLines: [{ column: { name: 'zz' } }] }],
      },
      errors,
    );
    expect(en(errors)).toEqual({
      'columns.0.dataType': 'is required',
      'columns.1.name': 'is required',
      'indexs.0.indexType': 'is required',
      'indexs.0.indexLines.0.column': 'the table has no column zz',
    });
  });
});

describe('mergeTableBody', () => {
  const stored = table(
    [
      idColumn({ id: 1 }),
      col('name', { id: 2, nullable: false }),
      col('code', { id: 3, indexType: 'UNIQUE', indexName: 'uk_code' }),
    ],
    {
      indexs: [
        {
          id: 5,
          name: 'nameCode',
          caption: '',
          description: null,
          indexType: 'INDEX',
          indexStorage: null,
          columns: ['name', 'code'],
        },
      ],
    },
  );

  it('keeps what the body leaves out and follows renames in indexes', () => {
    const errors = new ErrorBag();
    const next = mergeTableBody(
      stored,
      { caption: '商品', columns: [{ id: 1 }, { id: 2, name: 'title' }, { id: 3 }] },
      errors,
    );
    expect(errors.empty).toBe(true);
    expect(next.caption).toBe('商品');
    expect(next.columns.map((c) => c.name)).toEqual(['id', 'title', 'code']);
    expect(next.columns[1]?.nullable).toBe(false);
    expect(next.indexs[0]?.columns).toEqual(['title', 'code']);
  });

  it('leaves columns alone without `columns`, edits only indexes with `indexs`', () => {
    const errors = new ErrorBag();
    const next = mergeTableBody(
      stored,
      {
        indexs: [
          { id: 5, name: 'renamed' },
          { name: 'byName', indexType: 'UNIQUE', indexLines: [{ column: { id: 2 } }] },
        ],
      },
      errors,
    );
    expect(errors.empty).toBe(true);
    expect(next.columns).toEqual(stored.columns);
    expect(next.indexs).toEqual([
      { ...stored.indexs[0], name: 'renamed' },
      {
        name: 'byName',
        caption: 'byName',
        description: null,
        indexType: 'UNIQUE',
        indexStorage: null,
        columns: ['name'],
      },
    ]);
  });

  it('drops absent columns, adds id-less ones, refuses unknown ids and drops under an index', () => {
    const errors = new ErrorBag();
    mergeTableBody(
      stored,
      { columns: [{ id: 1 }, { id: 2 }, { id: 42 }, { name: 'extra', dataType: 'INT' }] },
      errors,
    );
    expect(en(errors)).toEqual({
      'columns.2.id': 'the table has no column with id 42',
      columns: 'column code is used by composite index nameCode; change the index first',
    });
  });

  it('clears nullable fields with null and keeps flags on null', () => {
    const errors = new ErrorBag();
    const next = mergeTableBody(
      stored,
      { columns: [{ id: 1 }, { id: 2, nullable: null, description: null }, { id: 3, indexType: null }] },
      errors,
    );
    expect(next.columns[1]?.nullable).toBe(false);
    expect(next.columns[2]).toMatchObject({ indexType: null, indexName: null });
  });
});
