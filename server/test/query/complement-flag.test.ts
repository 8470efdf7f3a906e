import { describe, expect, it } from 'vitest';
import { complementFlag } from '../../src/query/complement-flag';
import type { Condition, LeafCondition, QueryColumn, QueryTable } from '../../src/query/query-types';

const column = (name: string, dataType: QueryColumn['dataType'], indexType: QueryColumn['indexType']) => ({
  name,
  dataType,
  indexType,
  length: null,
  precision: null,
  scale: null,
  unsigned: false,
  queryable: true,
});

const table: QueryTable = {
  tableName: 'note',
  columns: [
    column('isDeleted', 'BOOL', 'INDEX'),
    column('active', 'BOOL', null),
    column('qty', 'INT', 'INDEX'),
  ],
  primaryNames: ['id'],
  relationNames: [],
};

const eq = (name: string, value: string | number | boolean): LeafCondition => ({
  kind: 'leaf',
  column: name,
  operator: 'EQ',
  values: [value],
});

describe('complementFlag', () => {
  it('finds `flag = false` on an indexed BOOL column, alone or as the only member of AND groups', () => {
    expect(complementFlag(eq('isDeleted', false), table)).toBe('isDeleted');
    const nested: Condition = {
      kind: 'group',
      conditionType: 'AND',
      conditions: [{ kind: 'group', conditionType: 'AND', conditions: [eq('isDeleted', false)] }],
    };
    expect(complementFlag(nested, table)).toBe('isDeleted');
  });

  it('declines everything else', () => {
    expect(complementFlag(null, table)).toBeNull();
    expect(complementFlag(eq('isDeleted', true), table)).toBeNull();
    expect(complementFlag(eq('active', false), table)).toBeNull();
    expect(complementFlag(eq('qty', 0), table)).toBeNull();
    expect(complementFlag(eq('missing', false), table)).toBeNull();
    expect(complementFlag({ ...eq('isDeleted', false), operator: 'NE' }, table)).toBeNull();
    const or: Condition = { kind: 'group', conditionType: 'OR', conditions: [eq('isDeleted', false)] };
    expect(complementFlag(or, table)).toBeNull();
    const and: Condition = {
      kind: 'group',
      conditionType: 'AND',
      conditions: [eq('isDeleted', false), eq('qty', 1)],
    };
    expect(complementFlag(and, table)).toBeNull();
  });
});
