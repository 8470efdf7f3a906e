import { describe, expect, it } from 'vitest';
import type { Relation, Table } from '../../../contract';
import {
  buildRelationPayload,
  newRelationDraft,
  patchRelationDraft,
  relationServerErrors,
  suggestColumns,
  toRelationDraft,
  validateRelation,
  type RelationDraft,
} from '../../../src/relations/lib/relation-form';

const tables: Table[] = [
  {
    id: 1,
    name: 'customer',
    primaryNames: ['id'],
    columns: [
      { id: 11, name: 'id', dataType: 'BIGINT', indexType: 'PRIMARY' },
      { id: 12, name: 'code', dataType: 'VARCHAR' },
      { id: 13, name: 'note', dataType: 'TEXT' },
    ],
  },
  {
    id: 2,
    name: 'order',
    primaryNames: ['id'],
    columns: [
      { id: 21, name: 'id', dataType: 'BIGINT', indexType: 'PRIMARY' },
      { id: 22, name: 'customerId', dataType: 'BIGINT' },
    ],
  },
];

const valid: RelationDraft = {
  name: 'customer',
  caption: ' 客户 ',
  description: '',
  relationType: 'ManyToOne',
  fromTableId: 2,
  fromColumnId: 22,
  toTableId: 1,
  toColumnId: 11,
};

const keys = (draft: RelationDraft) =>
  Object.fromEntries(Object.entries(validateRelation(draft, tables)).map(([f, i]) => [f, i.key]));

describe('validateRelation', () => {
  it('accepts a complete relation', () => {
    expect(keys(valid)).toEqual({});
  });

  it.each<[string, Partial<RelationDraft>, Record<string, string>]>([
    [
      'nothing chosen',
      newRelationDraft(),
      {
        name: 'required',
        relationType: 'required',
        fromTableId: 'required',
        toTableId: 'required',
        fromColumnId: 'required',
        toColumnId: 'required',
      },
    ],
    ['a bad name', { name: '1abc' }, { name: 'namePattern' }],
    ['a name of a from-table column', { name: 'CustomerId' }, { name: 'relationNameIsColumn' }],
    ['a column of another table', { fromColumnId: 11 }, { fromColumnId: 'relationColumn' }],
    ['a TEXT column', { toColumnId: 13 }, { toColumnId: 'relationColumn' }],
    ['an integer to a text key', { toColumnId: 12 }, { toColumnId: 'relationKeyTypes' }],
  ])('reports %s', (_, patch, expected) => {
    expect(keys({ ...valid, ...patch })).toEqual(expected);
  });
});

describe('drafts and payloads', () => {
  it('clears the column of a table that changes', () => {
    expect(patchRelationDraft(valid, { fromTableId: 1 })).toMatchObject({
      fromTableId: 1,
      fromColumnId: null,
    });
    expect(patchRelationDraft(valid, { fromTableId: 2 })).toMatchObject({ fromColumnId: 22 });
    expect(patchRelationDraft(valid, { toTableId: 2, toColumnId: 21 })).toMatchObject({ toColumnId: 21 });
  });

  it('fills the empty columns from the type', () => {
    const manyToOne = suggestColumns(
      { ...newRelationDraft(), relationType: 'ManyToOne', fromTableId: 2, toTableId: 1 },
      tables,
    );
    expect(manyToOne).toMatchObject({ fromColumnId: 22, toColumnId: 11 });
    const oneToMany = suggestColumns(
      { ...newRelationDraft(), relationType: 'OneToMany', fromTableId: 1, toTableId: 2 },
      tables,
    );
    expect(oneToMany).toMatchObject({ fromColumnId: 11, toColumnId: 22 });
    const untyped = { ...newRelationDraft(), fromTableId: 1 };
    expect(suggestColumns(untyped, tables)).toBe(untyped);
    expect(suggestColumns({ ...valid, fromColumnId: 21 }, tables).fromColumnId).toBe(21);
  });

  it('sends tables and columns as id references, trimmed, blank description as null', () => {
    expect(buildRelationPayload(valid)).toEqual({
      name: 'customer',
      caption: '客户',
      description: null,
      relationType: 'ManyToOne',
      fromTable: { id: 2 },
      fromColumn: { id: 22 },
      toTable: { id: 1 },
      toColumn: { id: 11 },
    });
  });

  it('reads a stored relation back', () => {
    const stored: Relation = {
      id: 5,
      name: 'orders',
      caption: '订单',
      relationType: 'OneToMany',
      fromTable: { id: 1, name: 'customer' },
      fromColumn: { id: 11, name: 'id' },
      toTable: { id: 2, name: 'order' },
      toColumn: { id: 22, name: 'customerId' },
    };
    expect(toRelationDraft(stored)).toEqual({
      name: 'orders',
      caption: '订单',
      description: '',
      relationType: 'OneToMany',
      fromTableId: 1,
      fromColumnId: 11,
      toTableId: 2,
      toColumnId: 22,
    });
  });

  it('puts server field errors on the form fields', () => {
    expect(
      relationServerErrors({
        'fromColumn.id': '字段不属于该表',
        toColumn: '类型不兼容',
        toTable: '表不存在',
        name: '名称重复',
        other: '别的问题',
      }),
    ).toEqual({
      fromColumnId: '字段不属于该表',
      toColumnId: '类型不兼容',
      toTableId: '表不存在',
      name: '名称重复',
      other: '别的问题',
    });
    expect(relationServerErrors(undefined)).toEqual({});
  });
});
