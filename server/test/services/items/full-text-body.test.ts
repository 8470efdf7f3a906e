import { describe, expect, it } from 'vitest';
import { feedsFullText, fullTextBody } from '../../../src/services/items/full-text-body';
import { ORDER_COLUMNS, stored } from './fixtures';

const TARGET = stored('fullTextBody', 'TEXT', { indexType: 'FULLTEXT' });

describe('fullTextBody', () => {
  it('joins the queryable text and number columns in column order, without audit, flag, password or file columns', () => {
    expect(ORDER_COLUMNS.filter(feedsFullText).map((column) => column.name)).toEqual([
      'name',
      'customerId',
      'note',
      'qty',
      'total',
      'code',
    ]);
    expect(
      fullTextBody(
        ORDER_COLUMNS,
        {
          name: '苹果',
          note: 'fresh apple',
          qty: 3,
          total: '9.9',
          createById: 1,
          paid: true,
          secret: 'pw',
          code: '',
          receipt: '/x',
        },
        TARGET,
      ),
    ).toBe('苹果 fresh apple 3 9.9');
  });

  it('is null when nothing feeds it', () => {
    expect(fullTextBody(ORDER_COLUMNS, { paid: true }, TARGET)).toBeNull();
  });

  it('is cut to what the column holds: 65,535 bytes of TEXT, the length of a VARCHAR', () => {
    const long = fullTextBody(ORDER_COLUMNS, { note: '文'.repeat(30000) }, TARGET) ?? '';
    expect(Buffer.byteLength(long)).toBe(65535);
    expect(long).toBe('文'.repeat(21845));
    expect(fullTextBody(ORDER_COLUMNS, { note: '一二三四五' }, stored('ft', 'VARCHAR', { length: 3 }))).toBe(
      '一二三',
    );
    expect(fullTextBody(ORDER_COLUMNS, { note: 'x'.repeat(70000) }, stored('ft', 'LONGTEXT'))).toHaveLength(
      70000,
    );
  });
});
