import { describe, expect, it } from 'vitest';
import type { FormLayout } from '../../../src/business/lib/business-meta';
import { formFields } from '../../../src/business/lib/form-fields';
import { placeFields, spanOf } from '../../../src/business/lib/form-layout';
import { product } from './business-form-fixtures';

const fields = formFields(product, 'create');
const layout = (body: FormLayout['body']): FormLayout => ({ tableId: 1, device: 'pc', type: 'create', body });
const placed = (l?: FormLayout) => placeFields(fields, l).map((f) => `${f.column.name}:${f.span}`);

describe('spanOf', () => {
  it.each<[number | undefined, string, number]>([
    [8, 'VARCHAR', 8],
    [24, 'VARCHAR', 24],
    [30, 'VARCHAR', 24],
    [0, 'VARCHAR', 12],
    [7.6, 'VARCHAR', 8],
    [undefined, 'TEXT', 24],
    [undefined, 'INT', 12],
    [Number.NaN, 'INT', 12],
  ])('%s for %s → %s', (width, dataType, span) => {
    expect(spanOf(width, { dataType: dataType as 'INT' })).toBe(span);
  });
});

describe('placeFields', () => {
  it('without a layout: column order, long text full width, others half', () => {
    expect(placed()).toEqual([
      'name:12',
      'code:12',
      'price:12',
      'stock:12',
      'onSale:12',
      'memo:24',
      'secret:12',
      'categoryId:12',
    ]);
  });

  it('with a layout: its order and widths, then the required fields it leaves out', () => {
    expect(
      placed(
        layout([
          { columnId: 112, width: 6 },
          { columnId: 110, width: 18 },
          { columnId: 999, width: 6 },
          { columnId: 110, width: 4 },
        ]),
      ),
    ).toEqual(['price:6', 'name:18', 'code:12', 'secret:12']);
  });

  it('a layout naming none of the fields falls back to the default grid', () => {
    expect(placed(layout([{ columnId: 100, width: 6 }]))).toHaveLength(fields.length);
  });
});
