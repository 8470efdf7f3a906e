import { describe, expect, it } from 'vitest';
import { subRelationsByColumn, subSections } from '../../../src/business/lib/form-sections';
import type { Relation } from '../../../contract';
import {
  isNewSubRow,
  loadedRows,
  newSubRow,
  nextTempId,
  TEMP_ID_FIELD,
} from '../../../src/business/lib/sub-rows';
import { relatedTables, relations } from './business-form-fixtures';

describe('subSections', () => {
  it('one section per one-to-one child and one list per one-to-many child, foreign key named', () => {
    expect(
      subSections(relations, relatedTables).map((s) => [s.name, s.kind, s.table.name, s.foreignKey]),
    ).toEqual([
      ['lines', 'many', 'productLine', 'productId'],
      ['detail', 'one', 'productDetail', 'productId'],
    ]);
  });

  it('skips relations whose child table is unknown', () => {
    expect(subSections(relations, {})).toEqual([]);
  });
});

describe('sub rows', () => {
  it('a new row is flagged and has a unique temporary id', () => {
    const a = newSubRow({ sku: 'x' });
    const b = newSubRow();
    expect(a).toMatchObject({ sku: 'x', isNewRow: true });
    expect(isNewSubRow(a)).toBe(true);
    expect(a[TEMP_ID_FIELD]).not.toBe(b[TEMP_ID_FIELD]);
    expect(nextTempId(1000)).toMatch(/^new-1000-\d+$/);
    expect(isNewSubRow({ id: 1 })).toBe(false);
  });

  it('loaded rows: objects of an array only', () => {
    expect(loadedRows([{ id: 1 }, null, 3, [1]])).toEqual([{ id: 1 }]);
    expect(loadedRows(null)).toEqual([]);
  });
});

describe('subRelationsByColumn', () => {
  const relation = (name: string, relationType: Relation['relationType'], from: string): Relation => ({
    name,
    relationType,
    fromTable: { id: 1, name: 'InvoiceLine' },
    toTable: { id: 2, name: name === 'invoice' ? 'Invoice' : 'Track' },
    fromColumn: { id: 3, name: from },
    toColumn: { id: 4, name: name === 'invoice' ? 'InvoiceId' : 'TrackId' },
  });

  it('maps a sub-table row’s to-one columns, leaving out the one back to the main record', () => {
    const map = subRelationsByColumn(
      [
        relation('invoice', 'ManyToOne', 'InvoiceId'),
        relation('track', 'ManyToOne', 'TrackId'),
        relation('again', 'OneToOneSubToMain', 'TrackId'),
        relation('plays', 'OneToMany', 'InvoiceLineId'),
      ],
      'InvoiceId',
    );
    expect([...map].map(([column, r]) => [column, r.name])).toEqual([['TrackId', 'track']]);
  });
});
