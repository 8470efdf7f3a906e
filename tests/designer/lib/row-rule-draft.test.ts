import { describe, expect, it } from 'vitest';
import type { Column, Table } from '../../../contract';
import {
  noRowRules,
  rowRulesText,
  toRowRulesDraft,
  toRuleDraft,
  unfinishedRules,
  unindexedRuleColumns,
  withOperator,
  type RowRulesDraft,
} from '../../../src/designer/lib/row-rule-draft';

const own = { columnName: 'ownerId', operatorType: 'EQ' as const, values: ['$user.id'] };
const region = { columnName: 'region', operatorType: 'IN' as const, values: ['north', 'south'] };

describe('toRuleDraft / toRowRulesDraft', () => {
  it('shows one leaf and one flat group as conditions, anything deeper as JSON', () => {
    expect(toRuleDraft(own)).toEqual({ kind: 'conditions', match: 'AND', conditions: [own] });
    expect(toRuleDraft({ conditionType: 'or', conditions: [own, region] })).toEqual({
      kind: 'conditions',
      match: 'OR',
      conditions: [own, region],
    });
    const nested = { conditionType: 'AND', conditions: [own, { conditionType: 'OR', conditions: [region] }] };
    const draft = toRuleDraft(nested);
    expect(draft.kind).toBe('json');
    expect(draft.kind === 'json' && JSON.parse(draft.text)).toEqual(nested);
  });

  it('reads no rules from null, empty text and "null"; keeps unreadable text on every action', () => {
    for (const stored of [null, undefined, '', ' null '])
      expect(toRowRulesDraft(stored)).toEqual(noRowRules());
    const broken = toRowRulesDraft('{"read": ');
    expect(broken.read).toEqual({ kind: 'json', text: '{"read": ' });
    expect(broken.create).toEqual({ kind: 'json', text: '{"read": ' });
    expect(unfinishedRules(broken)).toEqual(['read', 'update', 'delete', 'create']);
  });
});

describe('rowRulesText', () => {
  it('writes a leaf for one condition, a group for several, and leaves out empty rules', () => {
    const drafts: RowRulesDraft = {
      ...noRowRules(),
      read: { kind: 'conditions', match: 'OR', conditions: [own, region] },
      update: { kind: 'conditions', match: 'AND', conditions: [own] },
      delete: { kind: 'conditions', match: 'AND', conditions: [] },
    };
    expect(JSON.parse(rowRulesText(drafts) ?? 'null')).toEqual({
      read: { conditionType: 'OR', conditions: [own, region] },
      update: own,
    });
  });

  it('is null when no action has a rule', () => {
    expect(rowRulesText(noRowRules())).toBeNull();
    expect(rowRulesText({ ...noRowRules(), read: { kind: 'json', text: '  ' } })).toBeNull();
  });

  it('trims values and writes none for IS NULL', () => {
    const drafts: RowRulesDraft = {
      ...noRowRules(),
      read: {
        kind: 'conditions',
        match: 'AND',
        conditions: [
          { columnName: 'name', operatorType: 'EQ', values: ['  Ann '] },
          { columnName: 'closedAt', operatorType: 'ISNULL', values: ['x'] },
        ],
      },
    };
    expect(JSON.parse(rowRulesText(drafts) ?? 'null')).toEqual({
      read: {
        conditionType: 'AND',
        conditions: [
          { columnName: 'name', operatorType: 'EQ', values: ['Ann'] },
          { columnName: 'closedAt', operatorType: 'ISNULL', values: [] },
        ],
      },
    });
  });
});

describe('withOperator / unfinishedRules', () => {
  it('fits the values to the operator chosen', () => {
    const many = { columnName: 'region', operatorType: 'IN' as const, values: ['a', '', 'b'] };
    expect(withOperator(many, 'EQ').values).toEqual(['a']);
    expect(withOperator(many, 'NOTIN').values).toEqual(['a', 'b']);
    expect(withOperator(many, 'ISNOTNULL').values).toEqual([]);
  });

  it('names the actions with a condition lacking its column or value, or JSON that does not parse', () => {
    const drafts: RowRulesDraft = {
      read: { kind: 'conditions', match: 'AND', conditions: [own] },
      update: { kind: 'conditions', match: 'AND', conditions: [{ ...own, columnName: '' }] },
      delete: { kind: 'conditions', match: 'AND', conditions: [{ ...own, values: [' '] }] },
      create: { kind: 'json', text: '{oops' },
    };
    expect(unfinishedRules(drafts)).toEqual(['update', 'delete', 'create']);
    expect(
      unfinishedRules({ ...noRowRules(), read: { kind: 'conditions', match: 'AND', conditions: [] } }),
    ).toEqual([]);
  });
});

describe('unindexedRuleColumns', () => {
  const column = (name: string, indexType?: Column['indexType']): Column => ({
    name,
    dataType: 'VARCHAR',
    ...(indexType ? { indexType } : {}),
  });
  const table: Pick<Table, 'columns' | 'indexs' | 'primaryNames'> = {
    primaryNames: ['id'],
    columns: [column('id'), column('ownerId'), column('region'), column('code', 'UNIQUE'), column('dept')],
    indexs: [
      {
        name: 'by_dept',
        indexType: 'INDEX',
        indexLines: [{ column: { name: 'dept' } }, { column: { name: 'region' } }],
      },
    ],
  };
  const rules = (...conditions: { columnName: string }[]): RowRulesDraft => ({
    ...noRowRules(),
    read: {
      kind: 'conditions',
      match: 'OR',
      conditions: conditions.map((c) => ({ ...c, operatorType: 'EQ' as const, values: ['1'] })),
    },
  });

  it('names the compared columns no index leads with', () => {
    expect(
      unindexedRuleColumns(
        rules(
          { columnName: 'ownerId' },
          { columnName: 'region' },
          { columnName: 'dept' },
          { columnName: 'id' },
        ),
        table,
      ),
    ).toEqual(['ownerId', 'region']);
    expect(unindexedRuleColumns(rules({ columnName: 'code' }), table)).toEqual([]);
  });

  it('reads nested JSON rules, and skips unknown columns and unreadable JSON', () => {
    const drafts: RowRulesDraft = {
      ...noRowRules(),
      update: {
        kind: 'json',
        text: JSON.stringify({
          conditionType: 'AND',
          conditions: [{ conditionType: 'OR', conditions: [own] }],
        }),
      },
      delete: { kind: 'json', text: '{' },
      create: { kind: 'conditions', match: 'AND', conditions: [{ ...own, columnName: 'nope' }] },
    };
    expect(unindexedRuleColumns(drafts, table)).toEqual(['ownerId']);
  });
});
