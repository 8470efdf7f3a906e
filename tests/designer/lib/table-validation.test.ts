import type { Column } from '../../../contract';
import { newColumn } from '../../../src/designer/lib/column-draft';
import { systemColumns } from '../../../src/designer/lib/system-columns';
import { newTableDraft, type TableDraft } from '../../../src/designer/lib/table-draft';
import { validateTable } from '../../../src/designer/lib/table-validation';

const draft = (extra: Partial<Column>[] = [], fields: Partial<TableDraft> = {}): TableDraft => ({
  ...newTableDraft(),
  name: 'product',
  pluralName: 'products',
  tableName: 'product',
  ...fields,
  columns: [...systemColumns(), ...extra.map((column, i) => ({ ...newColumn(`col${i + 1}`), ...column }))],
});

/** Issue keys by path, for compact expectations. */
const keys = (d: TableDraft) =>
  Object.fromEntries(Object.entries(validateTable(d)).map(([path, i]) => [path, i.key]));

describe('validateTable', () => {
  it('accepts a sound table', () => {
    expect(
      keys(draft([{ caption: '标题' }, { dataType: 'DECIMAL', length: null, precision: 12, scale: 4 }])),
    ).toEqual({});
  });

  it.each<[Partial<TableDraft>, Record<string, string>]>([
    [{ name: '' }, { name: 'required' }],
    [{ name: '2nd' }, { name: 'namePattern' }],
    [{ tableName: 'user-list' }, { tableName: 'namePattern' }],
    [{ tableName: 'order' }, { tableName: 'reservedWord' }],
    [{ tableName: `t${'x'.repeat(63)}` }, { tableName: 'nameTooLong' }],
    [{ tableName: 'CB_users' }, { tableName: 'reservedPrefix' }],
    [{ pluralName: 'select' }, { pluralName: 'reservedWord' }],
  ])('table fields %j → %j', (fields, expected) => {
    expect(keys(draft([], fields))).toEqual(expected);
  });

  it('leaves the stored names of a reversed table alone, and checks new and renamed ones', () => {
    const stored = {
      tableName: 'Order Details',
      columns: [
        { ...newColumn('名称'), id: 41 },
        { ...newColumn('first name'), id: 42 },
      ],
    };
    const reversed = (columns: Partial<Column>[], tableName = 'Order Details'): TableDraft => ({
      ...draft([], { name: 'orderDetails', pluralName: 'orderDetailss', tableName }),
      columns: [
        { ...newColumn('id'), indexType: 'PRIMARY', nullable: false, dataType: 'BIGINT', length: null },
        ...columns.map((c, i) => ({ ...newColumn(`c${i}`), ...c })),
      ],
    });
    const issues = (d: TableDraft) =>
      Object.fromEntries(Object.entries(validateTable(d, { stored })).map(([path, i]) => [path, i.key]));
    expect(issues(reversed([stored.columns[0] as Column, stored.columns[1] as Column]))).toEqual({});
    // A new column and a renamed one follow the rule of names crudboard creates.
    expect(
      issues(
        reversed([
          stored.columns[0] as Column,
          { ...(stored.columns[1] as Column), name: 'last name' },
          { name: '备注' },
        ]),
      ),
    ).toEqual({ 'columns[2].name': 'namePattern', 'columns[3].name': 'namePattern' });
    expect(issues(reversed([], 'Order Lines'))).toEqual({ tableName: 'namePattern' });
    // Without the stored table (a new one), such names are refused.
    expect(keys(reversed([{ name: '名称' }]))).toEqual({
      tableName: 'namePattern',
      'columns[1].name': 'namePattern',
    });
  });

  it('needs one primary key, unless a composite index is the key', () => {
    const noKey = draft();
    noKey.columns = noKey.columns.map((c) =>
      c.name === 'id' ? { ...c, indexType: 'NONE', autoIncrement: false } : c,
    );
    expect(keys(noKey)).toEqual({ columns: 'primaryMissing' });
    expect(Object.keys(validateTable(noKey, { compositePrimary: true }))).toEqual([]);
    expect(keys({ ...noKey, columns: [] })).toEqual({});
    const columnKeyToo = Object.entries(validateTable(draft(), { compositePrimary: true }));
    expect(columnKeyToo.map(([path, i]) => [path, i.key])).toEqual([
      ['columns[0].indexType', 'onePrimaryKey'],
    ]);
  });

  // Column 9 is the first user column (after the nine system columns).
  it.each<[string, Partial<Column>[], Record<string, string>]>([
    ['bad pattern', [{ name: 'my col' }], { 'columns[9].name': 'namePattern' }],
    ['hostile name', [{ name: 'a"; DROP TABLE x; --' }], { 'columns[9].name': 'namePattern' }],
    ['unicode name', [{ name: '价格' }], { 'columns[9].name': 'namePattern' }],
    ['65 chars', [{ name: `a${'b'.repeat(64)}` }], { 'columns[9].name': 'namePattern' }],
    ['64 chars', [{ name: `a${'b'.repeat(63)}` }], { 'columns[9].name': 'nameTooLong' }],
    ['reserved word', [{ name: 'Select' }], { 'columns[9].name': 'reservedWord' }],
    ['blank name', [{ name: ' ' }], { 'columns[9].name': 'required' }],
    ['duplicate of a system column', [{ name: 'NAME' }], { 'columns[9].name': 'duplicateName' }],
    ['duplicates among new', [{ name: 'price' }, { name: 'Price' }], { 'columns[10].name': 'duplicateName' }],
    [
      'second primary key',
      [{ dataType: 'INT', length: null, indexType: 'PRIMARY', nullable: false }],
      { 'columns[9].indexType': 'onePrimaryKey' },
    ],
    [
      'nullable primary key',
      [{ dataType: 'INT', length: null, indexType: 'PRIMARY', nullable: true }],
      {
        'columns[9].indexType': 'onePrimaryKey',
        'columns[9].nullable': 'primaryNullable',
      },
    ],
    ['missing length', [{ length: null }], { 'columns[9].length': 'required' }],
    ['length 0', [{ length: 0 }], { 'columns[9].length': 'lengthRange' }],
    ['CHAR too long', [{ dataType: 'CHAR', length: 300 }], { 'columns[9].length': 'lengthRange' }],
    [
      'scale > precision',
      [{ dataType: 'DECIMAL', length: null, precision: 5, scale: 6 }],
      { 'columns[9].scale': 'scaleRange' },
    ],
    [
      'precision too big',
      [{ dataType: 'DECIMAL', length: null, precision: 70, scale: 2 }],
      { 'columns[9].precision': 'precisionRange' },
    ],
    [
      'no precision',
      [{ dataType: 'DECIMAL', length: null, precision: null, scale: 2 }],
      { 'columns[9].precision': 'required' },
    ],
    [
      'no scale',
      [{ dataType: 'DECIMAL', length: null, precision: 8, scale: null }],
      { 'columns[9].scale': 'required' },
    ],
    ['long indexed text', [{ length: 800, indexType: 'UNIQUE' }], { 'columns[9].length': 'indexTooLong' }],
    ['long text, no index', [{ length: 800 }], {}],
    ['second full-text column', [{ indexType: 'FULLTEXT' }], { 'columns[9].indexType': 'oneFullText' }],
    [
      'auto-increment SMALLINT key',
      [{ dataType: 'SMALLINT', length: null, autoIncrement: true, indexType: 'PRIMARY', nullable: false }],
      { 'columns[9].autoIncrement': 'autoIncrementKey', 'columns[9].indexType': 'onePrimaryKey' },
    ],
    [
      'auto-increment without key',
      [{ dataType: 'INT', length: null, autoIncrement: true }],
      {
        'columns[9].autoIncrement': 'autoIncrementKey',
      },
    ],
    [
      'auto-increment unique',
      [{ dataType: 'INT', length: null, autoIncrement: true, indexType: 'UNIQUE' }],
      {
        'columns[9].autoIncrement': 'autoIncrementKey',
      },
    ],
    [
      'integer default',
      [{ dataType: 'INT', length: null, defaultValue: '1.5' }],
      { 'columns[9].defaultValue': 'defaultInteger' },
    ],
    [
      'number default',
      [{ dataType: 'DECIMAL', length: null, precision: 10, scale: 2, defaultValue: 'x' }],
      {
        'columns[9].defaultValue': 'defaultNumber',
      },
    ],
    [
      'bool default',
      [{ dataType: 'BOOL', length: null, defaultValue: 'yes' }],
      { 'columns[9].defaultValue': 'defaultBool' },
    ],
    [
      'text default too long',
      [{ length: 3, defaultValue: 'abcd' }],
      { 'columns[9].defaultValue': 'defaultTooLong' },
    ],
    [
      'good defaults',
      [
        { dataType: 'INT', length: null, defaultValue: '-3' },
        { dataType: 'BOOL', length: null, defaultValue: 'false' },
      ],
      {},
    ],
    [
      'bad index name',
      [{ indexType: 'INDEX', indexName: 'ix-1' }],
      { 'columns[9].indexName': 'namePattern' },
    ],
    [
      'duplicate index names',
      [
        { indexType: 'INDEX', indexName: 'ix_a' },
        { indexType: 'UNIQUE', indexName: 'IX_A' },
      ],
      {
        'columns[10].indexName': 'duplicateIndexName',
      },
    ],
    [
      'date default',
      [{ dataType: 'DATE', length: null, defaultValue: '2025-02-30' }],
      { 'columns[9].defaultValue': 'defaultFormat' },
    ],
    [
      'time default',
      [{ dataType: 'TIME', length: null, defaultValue: '24:00:00' }],
      { 'columns[9].defaultValue': 'defaultFormat' },
    ],
    [
      'date-time default',
      [{ dataType: 'DATETIME', length: null, defaultValue: 'now()' }],
      { 'columns[9].defaultValue': 'defaultFormat' },
    ],
    [
      'good temporal defaults',
      [
        { dataType: 'DATE', length: null, defaultValue: '2024-02-29' },
        { dataType: 'TIME', length: null, defaultValue: '23:59:59' },
        { dataType: 'DATETIME', length: null, defaultValue: '2025-01-02 03:04:05' },
      ],
      {},
    ],
    ['TEXT takes no default (ignored)', [{ dataType: 'TEXT', length: null, defaultValue: 'x' }], {}],
  ])('%s', (_label, columns, expected) => {
    expect(keys(draft(columns))).toEqual(expected);
  });
});

describe('choice columns', () => {
  it('checks the options with the server’s rule, on the options field', () => {
    const withOptions = (options: Column['options'], extra: Partial<Column> = {}) =>
      draft([{ length: 20, options, ...extra }]);
    const issues = (options: Column['options'], extra: Partial<Column> = {}) => {
      const found = validateTable(withOptions(options, extra));
      return Object.entries(found).find(([path]) => path.endsWith('.options'))?.[1];
    };
    expect(issues([{ value: 'a' }, { value: 'b' }])).toBeUndefined();
    expect(issues([{ value: 'a' }, { value: 'a' }])).toEqual({
      key: 'choice.duplicate',
      params: { value: 'a' },
    });
    expect(issues([{ value: 'a,b' }], { multipleValue: true })).toEqual({
      key: 'choice.separator',
      params: { value: 'a,b' },
    });
    expect(issues([{ value: '' }])).toEqual({ key: 'choice.blankValue', params: {} });
  });
});
