import { describe, expect, it } from 'vitest';
import type { Relation, Sequence, Table } from '../../../contract';
import {
  conflictLines,
  parseMetadataBundle,
  previewBundle,
  type MetadataBundle,
} from '../../../src/designer/lib/metadata-bundle';

const bundle: MetadataBundle = {
  tables: [
    { id: 7, name: 'customer', tableName: 'ca_customer', caption: '客户', columns: [] },
    { id: 8, name: 'order', tableName: 'ca_order', caption: '订单', columns: [] },
  ],
  sequences: [{ name: 'orderNo', caption: '订单号', sequenceType: 'STRING' } as Sequence],
  tableRelations: [
    {
      name: 'customer',
      relationType: 'ManyToOne',
      fromTable: { id: 8 },
      toTable: { id: 7, name: 'customer' },
      fromColumn: { id: 1 },
      toColumn: { id: 2 },
    } as Relation,
  ],
  tableFormBuilders: [{ tableId: 8, device: 'pc', type: 'list', body: '[]' }],
};

describe('parseMetadataBundle', () => {
  it('reads an export file', () => {
    expect(parseMetadataBundle(`\uFEFF${JSON.stringify(bundle)}`)).toEqual({ ok: true, bundle });
  });

  it('reads crudapi’s tableBuilders and missing lists as empty', () => {
    const result = parseMetadataBundle(
      JSON.stringify({ tables: bundle.tables, tableBuilders: [{ tableId: 7 }] }),
    );
    expect(result).toEqual({
      ok: true,
      bundle: {
        tables: bundle.tables,
        sequences: [],
        tableRelations: [],
        tableFormBuilders: [{ tableId: 7 }],
      },
    });
  });

  it.each<[string, string, string]>([
    ['not JSON', '{tables:', 'invalidJson'],
    ['an array', '[]', 'notBundle'],
    ['another object', '{"name":"x"}', 'notBundle'],
    ['a list that is not one', '{"tables":{"a":1}}', 'notBundle'],
    ['nothing in it', '{"tables":[],"sequences":null}', 'empty'],
  ])('refuses %s', (_, text, error) => {
    expect(parseMetadataBundle(text)).toEqual({ ok: false, error });
  });
});

describe('previewBundle', () => {
  const existing = {
    tables: [{ id: 1, name: 'CUSTOMER', columns: [] }] as Table[],
    sequences: [{ name: 'invoiceNo', sequenceType: 'LONG' }] as Sequence[],
    relations: [
      {
        name: 'customer',
        relationType: 'ManyToOne',
        fromTable: { id: 3, name: 'order' },
        toTable: { id: 1, name: 'customer' },
        fromColumn: { id: 1 },
        toColumn: { id: 2 },
      },
    ] as Relation[],
  };

  it('counts every kind and flags the names that exist', () => {
    const sections = previewBundle(bundle, existing);
    expect(sections.map((s) => [s.kind, s.items.length, s.conflicts])).toEqual([
      ['tables', 2, 1],
      ['sequences', 1, 0],
      ['relations', 1, 1],
      ['layouts', 1, 0],
    ]);
    expect(sections[0]?.items).toEqual([
      { key: 'table-0', label: 'customer', detail: '客户', conflict: true },
      { key: 'table-1', label: 'order', detail: '订单', conflict: false },
    ]);
    expect(sections[2]?.items[0]).toMatchObject({ label: 'customer', detail: 'order → customer' });
    expect(sections[3]?.items[0]?.label).toBe('order · pc · list');
  });

  it('flags a table whose physical name is taken', () => {
    const sections = previewBundle(bundle, {
      ...existing,
      tables: [{ name: 'client', tableName: 'ca_order', columns: [] }],
    });
    expect(sections[0]?.items.map((i) => i.conflict)).toEqual([false, true]);
  });

  it('finds no conflict in an empty data source', () => {
    const sections = previewBundle(bundle, { tables: [], sequences: [], relations: [] });
    expect(sections.every((s) => s.conflicts === 0)).toBe(true);
  });
});

describe('conflictLines', () => {
  it('lists the refused names', () => {
    expect(conflictLines({ 'tables.customer': '已存在', orderNo: '序列号 orderNo 已存在' })).toEqual([
      'tables.customer: 已存在',
      '序列号 orderNo 已存在',
    ]);
    expect(conflictLines(undefined)).toEqual([]);
  });
});
