import { describe, expect, it } from 'vitest';
import type { Column, Table } from '../../../contract';
import type { FormLayout } from '../../../src/business/lib/business-meta';
import { PICKER_COLUMN_LIMIT, pickerColumns } from '../../../src/business/lib/picker-columns';

const col = (name: string, dataType: Column['dataType'], extra: Partial<Column> = {}): Column => ({
  name,
  dataType,
  ...extra,
});

const book: Table = {
  id: 1,
  name: 'book',
  primaryNames: ['id'],
  titleColumn: 'title',
  columns: [
    col('id', 'BIGINT', { id: 1, indexType: 'PRIMARY' }),
    col('isbn', 'VARCHAR', { id: 2 }),
    col('title', 'VARCHAR', { id: 3 }),
    col('cover', 'ATTACHMENT', { id: 4 }),
    col('summary', 'LONGTEXT', { id: 5 }),
    col('createById', 'BIGINT', { id: 6 }),
    col('createdDate', 'DATETIME', { id: 7 }),
    col('ownerId', 'BIGINT', { id: 8 }),
    col('isDeleted', 'BOOL', { id: 9 }),
    col('price', 'DECIMAL', { id: 10 }),
  ],
};

describe('pickerColumns', () => {
  it('leaves out bookkeeping columns, attachments and long text', () => {
    expect(pickerColumns(book, []).map((c) => c.name)).toEqual(['id', 'isbn', 'title', 'price']);
  });

  it('keeps the title column when the list layout leaves it out, after the key', () => {
    const layouts: FormLayout[] = [
      { id: 1, tableId: 1, device: 'pc', type: 'list', body: [{ columnId: 1 }, { columnId: 10 }] },
    ];
    expect(pickerColumns(book, layouts).map((c) => c.name)).toEqual(['id', 'title', 'price']);
  });

  it(`shows at most ${PICKER_COLUMN_LIMIT} columns, the title among them`, () => {
    const wide: Table = {
      ...book,
      titleColumn: 'name',
      columns: [
        col('id', 'BIGINT', { indexType: 'PRIMARY' }),
        ...['a', 'b', 'c', 'd', 'e', 'f'].map((name) => col(name, 'INT')),
        col('name', 'VARCHAR'),
      ],
    };
    const names = pickerColumns(wide, []).map((c) => c.name);
    expect(names).toHaveLength(PICKER_COLUMN_LIMIT);
    expect(names).toContain('name');
    expect(names[0]).toBe('id');
  });
});
