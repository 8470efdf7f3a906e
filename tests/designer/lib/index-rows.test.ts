import type { Column, Index } from '../../../contract';
import {
  addIndexRow,
  canAddIndexRow,
  deleteIndexRow,
  deleteIndexRows,
  MAX_INDEX_ROWS,
  nextIndexNumber,
  toIndexOutput,
  toIndexPatch,
  toIndexRows,
  updateIndexRow,
  validateIndexRows,
  visibleIndexRows,
  type IndexRow,
} from '../../../src/designer/lib/index-rows';

const columns: Column[] = [
  { id: 1, name: 'id', dataType: 'BIGINT', indexType: 'PRIMARY' },
  { id: 2, name: 'code', dataType: 'VARCHAR' },
  { id: 3, name: 'shopId', dataType: 'BIGINT' },
];

const stored: Index[] = [
  {
    id: 40,
    name: 'uq_code_shop',
    caption: '编码店铺',
    description: null,
    indexType: 'UNIQUE',
    indexStorage: 'BTREE',
    createdDate: 1700000000000,
    lastModifiedDate: 1700000001000,
    indexLines: [
      { id: 1, column: { id: 2, name: 'code' } },
      { id: 2, column: { id: 3, name: 'shopId' } },
    ],
  },
];

const NOW = 1_750_000_000_000;

describe('toIndexRows', () => {
  it('keeps ids, columns in order and timestamps', () => {
    expect(toIndexRows(stored)).toEqual([
      {
        id: 40,
        isNewRow: false,
        name: 'uq_code_shop',
        caption: '编码店铺',
        description: null,
        indexType: 'UNIQUE',
        indexStorage: 'BTREE',
        columnIds: [2, 3],
        createdDate: 1700000000000,
        lastModifiedDate: 1700000001000,
      },
    ]);
  });
});

describe('addIndexRow', () => {
  it('adds index{n} / 索引{n} / 描述{n} with a timestamp id, no type, storage or columns', () => {
    const rows = addIndexRow([], NOW);
    expect(rows).toEqual([
      {
        id: NOW,
        isNewRow: true,
        name: 'index0',
        caption: '索引0',
        description: '描述0',
        indexType: null,
        indexStorage: null,
        columnIds: [],
      },
    ]);
  });

  it.each<[string[], number]>([
    [[], 0],
    [['uq_a'], 1],
    [['uq_a', 'uq_b'], 2],
    [['index1', 'x'], 2],
    [['index0', 'index2'], 3],
    [['INDEX1'], 2],
  ])('rows named %j → n = %i', (names, n) => {
    const rows = names.map((name, i) => ({ ...(addIndexRow([], i + 1)[0] as IndexRow), name }));
    expect(nextIndexNumber(rows)).toBe(n);
    expect(addIndexRow(rows, NOW).at(-1)).toMatchObject({
      name: `index${n}`,
      caption: `索引${n}`,
      description: `描述${n}`,
    });
  });

  it('numbers consecutive rows and never reuses an id, even within one millisecond', () => {
    const rows = addIndexRow(addIndexRow(addIndexRow([], NOW), NOW), NOW);
    expect(rows.map((r) => r.name)).toEqual(['index0', 'index1', 'index2']);
    expect(new Set(rows.map((r) => r.id)).size).toBe(3);
  });

  it('stops at 9999 rows', () => {
    const full = Array.from({ length: MAX_INDEX_ROWS }, (_, i) => ({
      ...(addIndexRow([], i)[0] as IndexRow),
      id: i,
    }));
    expect(canAddIndexRow(full)).toBe(false);
    expect(addIndexRow(full, NOW)).toHaveLength(MAX_INDEX_ROWS);
    expect(visibleIndexRows([...full, ...full])).toHaveLength(MAX_INDEX_ROWS);
  });
});

describe('deleteIndexRow / deleteIndexRows / updateIndexRow', () => {
  const rows = addIndexRow(addIndexRow(toIndexRows(stored), NOW), NOW + 1);
  it.each<[string, IndexRow[], string[]]>([
    ['row delete', deleteIndexRow(rows, NOW), ['uq_code_shop', 'index2']],
    ['row delete of an unknown id', deleteIndexRow(rows, 5), ['uq_code_shop', 'index1', 'index2']],
    ['batch delete', deleteIndexRows(rows, [40, NOW + 1]), ['index1']],
    ['batch delete of nothing', deleteIndexRows(rows, []), ['uq_code_shop', 'index1', 'index2']],
    [
      'batch delete of all',
      deleteIndexRows(
        rows,
        rows.map((r) => r.id),
      ),
      [],
    ],
  ])('%s', (_label, result, names) => {
    expect(result.map((r) => r.name)).toEqual(names);
  });

  it('updates one row', () => {
    const next = updateIndexRow(rows, NOW, { indexType: 'INDEX', columnIds: [3] });
    expect(next[1]).toMatchObject({ indexType: 'INDEX', columnIds: [3], name: 'index1' });
    expect(next[0]).toBe(rows[0]);
  });
});

describe('toIndexOutput / toIndexPatch', () => {
  const rows = updateIndexRow(addIndexRow(toIndexRows(stored), NOW), NOW, {
    indexType: 'INDEX',
    indexStorage: 'HASH',
    columnIds: [3, 99],
  });

  it('gives id, isNewRow, caption, description, indexStorage, indexType, name and indexLines', () => {
    expect(toIndexOutput(rows, columns)).toEqual([
      {
        id: 40,
        isNewRow: false,
        caption: '编码店铺',
        description: null,
        indexStorage: 'BTREE',
        indexType: 'UNIQUE',
        name: 'uq_code_shop',
        indexLines: [{ column: { id: 2, name: 'code' } }, { column: { id: 3, name: 'shopId' } }],
      },
      {
        id: NOW,
        isNewRow: true,
        caption: '索引1',
        description: '描述1',
        indexStorage: 'HASH',
        indexType: 'INDEX',
        name: 'index1',
        indexLines: [{ column: { id: 3, name: 'shopId' } }],
      },
    ]);
  });

  it('the PATCH body drops the temporary id and the new-row flag', () => {
    const { indexs } = toIndexPatch(toIndexOutput(rows, columns));
    expect(indexs[0]).toMatchObject({ id: 40, name: 'uq_code_shop' });
    expect(indexs[1]).not.toHaveProperty('id');
    expect(indexs[1]).not.toHaveProperty('isNewRow');
    expect(indexs[1]).toMatchObject({
      name: 'index1',
      indexType: 'INDEX',
      indexLines: [{ column: { id: 3, name: 'shopId' } }],
    });
  });
});

describe('validateIndexRows', () => {
  const row = (patch: Partial<IndexRow>, id = 1): IndexRow => ({
    ...(addIndexRow([], id)[0] as IndexRow),
    indexType: 'INDEX',
    columnIds: [2],
    ...patch,
  });
  const keys = (rows: IndexRow[], cols: Column[] = columns) =>
    Object.fromEntries(Object.entries(validateIndexRows(rows, cols)).map(([p, i]) => [p, i.key]));

  it.each<[string, IndexRow[], Record<string, string>]>([
    ['a sound row', [row({})], {}],
    ['no type', [row({ indexType: null })], { 'indexs[0].indexType': 'indexTypeRequired' }],
    ['no columns', [row({ columnIds: [] })], { 'indexs[0].indexLines': 'indexColumnsRequired' }],
    ['bad name', [row({ name: 'ix 1' })], { 'indexs[0].name': 'namePattern' }],
    ['blank name', [row({ name: '' })], { 'indexs[0].name': 'required' }],
    ['reserved name', [row({ name: 'index' })], { 'indexs[0].name': 'reservedWord' }],
    [
      'duplicate names',
      [row({ name: 'ix_a' }, 1), row({ name: 'IX_A' }, 2)],
      { 'indexs[1].name': 'duplicateIndexName' },
    ],
    ['primary on a keyed table', [row({ indexType: 'PRIMARY' })], { 'indexs[0].indexType': 'onePrimaryKey' }],
  ])('%s', (_label, rows, expected) => {
    expect(keys(rows)).toEqual(expected);
  });

  it('allows one composite primary key on a table without a key column', () => {
    const unkeyed = columns.map((c) => ({ ...c, indexType: 'NONE' as const }));
    const rows = [row({ indexType: 'PRIMARY' }, 1), row({ indexType: 'PRIMARY', name: 'other' }, 2)];
    expect(keys(rows, unkeyed)).toEqual({ 'indexs[1].indexType': 'onePrimaryKey' });
  });
});
