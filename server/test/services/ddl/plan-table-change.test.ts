import { describe, expect, it } from 'vitest';
import { indexPhysicalName, unsignedCheckName } from '../../../src/dialects/derived-name';
import { planTableChange, planTableCreate, planTableDrop } from '../../../src/services/ddl/plan-table-change';
import type { SchemaOp } from '../../../src/model/schema-op';
import type { TableDef } from '../../../src/model/table-def';
import { col, idColumn, table } from '../tables/fixtures';

/** One line per operation, short enough to compare whole plans. */
const describeOp = (op: SchemaOp): string => {
  switch (op.kind) {
    case 'createTable':
      return `createTable ${op.table.tableName}`;
    case 'dropTable':
      return `dropTable ${op.table}`;
    case 'renameTable':
      return `renameTable ${op.from}→${op.to}`;
    case 'setEngine':
      return `setEngine ${op.from}→${op.to}`;
    case 'addColumn':
    case 'dropColumn':
    case 'setNotNull':
      return `${op.kind} ${op.column.name}${op.kind === 'addColumn' && op.column.nullable ? ' null' : ''}`;
    case 'fillNulls':
      return `fillNulls ${op.column.name}=${JSON.stringify(op.value)}`;
    case 'renameColumn':
      return `renameColumn ${op.from}→${op.to}`;
    case 'alterColumn':
      return `alterColumn ${op.to.name} ${op.to.dataType}${op.to.nullable ? ' null' : ''}`;
    case 'createIndex':
    case 'dropIndex':
      return `${op.kind} ${op.index.columns.join('+')}${op.index.unique ? ' unique' : ''}`;
    case 'renameIndex':
      return `renameIndex ${op.index.columns.join('+')}`;
    case 'addCheck':
    case 'dropCheck':
      return `${op.kind} ${op.check.column}`;
    case 'renameCheck':
      return `renameCheck ${op.from}→${op.to}`;
    case 'createFullText':
    case 'dropFullText':
      return `${op.kind} ${op.target.tableName}.${op.target.column.name}`;
  }
};

const stored = table([
  idColumn({ id: 1 }),
  col('name', { id: 2, length: 100, nullable: false }),
  col('code', { id: 3, length: 20, indexType: 'UNIQUE', indexName: 'uk_code' }),
  col('qty', { id: 4, dataType: 'INT', length: null, unsigned: true }),
  col('body', { id: 5, dataType: 'TEXT', length: null, indexType: 'FULLTEXT', indexName: 'ft_body' }),
]);

const edit = (
  change: (columns: TableDef['columns']) => TableDef['columns'],
  extra: Partial<TableDef> = {},
): TableDef => ({
  ...stored,
  ...extra,
  columns: change(stored.columns.map((column) => ({ ...column }))),
});

const plan = (next: TableDef, dialect: 'sqlite' | 'pg' | 'mysql' = 'pg') => {
  const result = planTableChange(stored, next, dialect);
  return {
    ops: result.ops.map(describeOp),
    checks: result.checks.map((c) => [c.label, c.condition.kind, c.repair?.kind]),
  };
};

describe('planTableChange', () => {
  it('plans nothing for an unchanged table or a caption edit', () => {
    expect(plan(edit((c) => c, { caption: '新' }))).toEqual({ ops: [], checks: [] });
  });

  it('renames a column without touching its data', () => {
    expect(plan(edit((c) => c.map((x) => (x.name === 'name' ? { ...x, name: 'title' } : x))))).toEqual({
      ops: ['renameColumn name→title'],
      checks: [],
    });
  });

  it('swaps names through temporary ones', () => {
    const result = planTableChange(
      stored,
      edit((c) =>
        c.map((x) =>
          x.name === 'name'
            ? { ...x, name: 'code' }
            : x.name === 'code'
              ? { ...x, name: 'name', indexName: 'uk_code' }
              : x,
        ),
      ),
      'pg',
    );
    const renames = result.ops.filter((op) => op.kind === 'renameColumn').map(describeOp);
    expect(renames).toHaveLength(4);
    expect(renames[0]).toMatch(/^renameColumn name→cb_tmp_/);
    expect(renames.slice(2)).toEqual([expect.stringMatching(/→code$/), expect.stringMatching(/→name$/)]);
  });

  it('widens without checks and narrows with a truncation check', () => {
    expect(
      plan(edit((c) => c.map((x) => (x.name === 'name' ? { ...x, dataType: 'TEXT', length: null } : x)))),
    ).toEqual({
      ops: ['alterColumn name TEXT'],
      checks: [],
    });
    expect(plan(edit((c) => c.map((x) => (x.name === 'name' ? { ...x, length: 10 } : x))))).toEqual({
      ops: ['alterColumn name VARCHAR'],
      checks: [['name', 'tooLong', 'truncate']],
    });
  });

  it('fills NULLs before NOT NULL: with the default, or (a loss) with the zero value', () => {
    expect(
      plan(
        edit((c) => c.map((x) => (x.name === 'code' ? { ...x, nullable: false, defaultValue: 'none' } : x))),
      ),
    ).toEqual({
      ops: ['alterColumn code VARCHAR null', 'fillNulls code="none"', 'setNotNull code'],
      checks: [],
    });
    expect(plan(edit((c) => c.map((x) => (x.name === 'code' ? { ...x, nullable: false } : x))))).toEqual({
      ops: ['fillNulls code=""', 'setNotNull code'],
      checks: [['code', 'nulls', undefined]],
    });
  });

  it('adds columns: nullable directly, NOT NULL with a default directly, else filled', () => {
    expect(
      plan(
        edit((c) => [
          ...c,
          col('note'),
          col('status', { dataType: 'INT', length: null, nullable: false, defaultValue: '1' }),
          col('rank', { dataType: 'INT', length: null, nullable: false }),
        ]),
      ),
    ).toEqual({
      ops: [
        'addColumn note null',
        'addColumn status',
        'addColumn rank null',
        'fillNulls rank=0',
        'setNotNull rank',
      ],
      checks: [['rank', 'rows', undefined]],
    });
  });

  it('drops a column with its index and checks the data it holds', () => {
    expect(plan(edit((c) => c.filter((x) => x.name !== 'code')))).toEqual({
      ops: ['dropIndex code unique', 'dropColumn code'],
      checks: [['code', 'values', undefined]],
    });
  });

  it('replaces a column whose values cannot convert (DATE → INT), recreating its index', () => {
    const next = edit((c) => [
      ...c,
      col('due', { id: 6, dataType: 'INT', length: null, indexType: 'INDEX', indexName: 'ix_due' }),
    ]);
    const before = {
      ...stored,
      columns: [
        ...stored.columns,
        col('due', { id: 6, dataType: 'DATE', length: null, indexType: 'INDEX', indexName: 'ix_due' }),
      ],
    };
    const result = planTableChange(before, next, 'pg');
    expect(result.ops.map(describeOp)).toEqual([
      'dropIndex due',
      'dropColumn due',
      'addColumn due null',
      'createIndex due',
    ]);
    expect(result.checks.map((c) => [c.label, c.condition])).toEqual([
      ['due', { kind: 'values', reason: 'retype', type: 'INT' }],
    ]);
  });

  it('checks narrowing integers, unsigned and text to number conversions', () => {
    expect(
      plan(edit((c) => c.map((x) => (x.name === 'qty' ? { ...x, dataType: 'TINYINT' } : x)))).checks,
    ).toEqual([['qty', 'outOfRange', 'set']]);
    expect(
      plan(edit((c) => c.map((x) => (x.name === 'name' ? { ...x, dataType: 'INT', length: null } : x))))
        .checks,
    ).toEqual([['name', 'text', 'set']]);
  });

  it('renames derived index and check names with the table, and re-creates the search index', () => {
    const result = planTableChange(stored, { ...stored, tableName: 'goods' }, 'pg');
    expect(result.ops.map(describeOp)).toEqual([
      'dropFullText product.body',
      'renameTable product→goods',
      'renameIndex code',
      `renameCheck ${unsignedCheckName('product', 'qty')}→${unsignedCheckName('goods', 'qty')}`,
      'createFullText goods.body',
    ]);
    const renameIndex = result.ops.find((op) => op.kind === 'renameIndex');
    expect(renameIndex).toMatchObject({
      from: indexPhysicalName('product', 'uk_code'),
      to: indexPhysicalName('goods', 'uk_code'),
    });
    expect(
      planTableChange(stored, { ...stored, tableName: 'goods' }, 'mysql').ops.map(describeOp),
    ).not.toContain(expect.stringMatching(/Check/));
  });

  it('toggles unsigned with a check on PostgreSQL and a modifier on MySQL', () => {
    const signed = edit((c) => c.map((x) => (x.name === 'qty' ? { ...x, unsigned: false } : x)));
    expect(plan(signed).ops).toEqual(['dropCheck qty', 'alterColumn qty INT null']);
    expect(plan(signed, 'mysql').ops).toEqual(['alterColumn qty INT null']);
    expect(plan(signed, 'sqlite').ops).toEqual(['dropCheck qty']);
  });

  it('changes composite indexes by id: rename, redefine, drop, add', () => {
    const withIndexes = {
      ...stored,
      indexs: [
        {
          id: 1,
          name: 'a',
          caption: '',
          description: null,
          indexType: 'INDEX' as const,
          indexStorage: null,
          columns: ['name', 'code'],
        },
        {
          id: 2,
          name: 'b',
          caption: '',
          description: null,
          indexType: 'INDEX' as const,
          indexStorage: null,
          columns: ['qty'],
        },
        {
          id: 3,
          name: 'c',
          caption: '',
          description: null,
          indexType: 'INDEX' as const,
          indexStorage: null,
          columns: ['code'],
        },
      ],
    };
    const next = {
      ...withIndexes,
      indexs: [
        { ...withIndexes.indexs[0]!, name: 'a2' },
        { ...withIndexes.indexs[1]!, indexType: 'UNIQUE' as const },
        {
          name: 'd',
          caption: '',
          description: null,
          indexType: 'INDEX' as const,
          indexStorage: 'HASH' as const,
          columns: ['qty', 'name'],
        },
      ],
    };
    const result = planTableChange(withIndexes, next, 'mysql');
    expect(result.ops.map(describeOp)).toEqual([
      'dropIndex qty',
      'dropIndex code',
      'renameIndex name+code',
      'createIndex qty unique',
      'createIndex qty+name',
    ]);
    expect(result.checks.map((c) => [c.label, c.condition.kind])).toEqual([['qty', 'duplicates']]);
  });

  it('switches the MySQL engine', () => {
    expect(plan({ ...stored, engine: 'MyISAM' }, 'mysql').ops).toEqual(['setEngine InnoDB→MyISAM']);
    expect(plan({ ...stored, engine: 'innodb' }, 'mysql').ops).toEqual([]);
  });
});

describe('planTableCreate / planTableDrop', () => {
  it('creates the table, then its indexes and search index; drops in reverse', () => {
    expect(planTableCreate(stored).map(describeOp)).toEqual([
      'createTable product',
      'createIndex code unique',
      'createFullText product.body',
    ]);
    expect(planTableDrop(stored).map(describeOp)).toEqual(['dropFullText product.body', 'dropTable product']);
  });
});
