import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { relationsByColumn } from '../../../src/business/lib/business-cells';
import { codecResolver } from '../../../src/business/lib/column-widgets';
import { formFields, type FormMode } from '../../../src/business/lib/form-fields';
import { initialFormValues } from '../../../src/business/lib/form-initial-values';
import { subSections } from '../../../src/business/lib/form-sections';
import {
  buildRecordPayload,
  foreignKeyValue,
  isChildFilled,
  pickedRecords,
  recordBody,
  type SubForm,
} from '../../../src/business/lib/record-payload';
import { newSubRow, TEMP_ID_FIELD } from '../../../src/business/lib/sub-rows';
import { product, relatedTables, relations } from './business-form-fixtures';

const toOne = relationsByColumn(relations);
const subs: SubForm[] = subSections(relations, relatedTables).map((section) => ({
  section,
  createFields: formFields(section.table, 'create', { hidden: [section.foreignKey] }),
  updateFields: formFields(section.table, 'update', { hidden: [section.foreignKey] }),
}));
const categoryRelation = relations[0]!;

const payload = (mode: FormMode, values: Record<string, unknown>, original?: Record<string, unknown>) =>
  buildRecordPayload({ fields: formFields(product, mode), values, mode, original, toOne, subs });

const stored = {
  id: 5,
  name: '苹果',
  code: 'A1',
  price: '3.50',
  stock: 10,
  onSale: true,
  memo: '红富士',
  categoryId: 3,
  category: { id: 3, name: '水果' },
  createdDate: '2026-11-01 08:00:00',
  lastModifiedDate: '2026-11-02 09:30:00',
  lines: [
    { id: 71, productId: 5, sku: 'S-1', qty: 2, lastModifiedDate: '2026-11-02 09:30:00' },
    { id: 72, productId: 5, sku: 'S-2', qty: null },
  ],
  detail: { id: 9, productId: 5, origin: '烟台' },
};

const editValues = () =>
  initialFormValues({ mode: 'update', fields: formFields(product, 'update'), record: stored, toOne, subs });

describe('recordBody', () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    ['blank values are left out', { name: 'a', memo: '  ', price: null, stock: undefined }, { name: 'a' }],
    [
      'values in wire form',
      { name: 'a', price: '1.50', onSale: false, stock: 3 },
      { name: 'a', price: '1.50', onSale: false, stock: 3 },
    ],
    ['a relation column sends the picked key', { categoryId: [{ id: 3, name: '水果' }] }, { categoryId: 3 }],
    ['no pick, nothing sent', { categoryId: [] }, {}],
    ['a blank password is not sent', { secret: '' }, {}],
    ['a password is sent when typed', { secret: 'p@ss' }, { secret: 'p@ss' }],
  ])('create: %s', (_name, values, expected) => {
    expect(recordBody({ fields: formFields(product, 'create'), values, mode: 'create', toOne })).toEqual(
      expected,
    );
  });

  it('update: clearing a stored nullable value sends null; read-only fields never go', () => {
    const body = recordBody({
      fields: formFields(product, 'update'),
      values: { id: '5', code: 'X', name: '梨', memo: '', price: null, createdDate: dayjs(), secret: '' },
      mode: 'update',
      original: stored,
      toOne,
    });
    expect(body).toEqual({ name: '梨', memo: null, price: null, categoryId: null });
  });
});

describe('isChildFilled', () => {
  const fields = subs[1]!.createFields;
  it.each<[string, unknown, boolean]>([
    ['nothing', undefined, false],
    ['blank text and a switch', { origin: ' ', organic: true }, false],
    ['a text value', { origin: '烟台', organic: false }, true],
  ])('%s → %s', (_name, values, filled) => {
    expect(isChildFilled(fields, values)).toBe(filled);
  });
});

describe('foreignKeyValue / pickedRecords', () => {
  it('joins keys with commas for a multiple-value column', () => {
    expect(foreignKeyValue(categoryRelation, true, [{ id: 1 }, { id: 2 }])).toBe('1,2');
    expect(foreignKeyValue(categoryRelation, false, [{ id: 1 }, { id: 2 }])).toBe(1);
    expect(foreignKeyValue(categoryRelation, false, [])).toBeUndefined();
  });

  it('starts from the embedded records, else the stored keys', () => {
    expect(pickedRecords(categoryRelation, stored, 'categoryId')).toEqual([{ id: 3, name: '水果' }]);
    expect(pickedRecords(categoryRelation, { categoryId: '4,5' }, 'categoryId')).toEqual([
      { id: '4' },
      { id: '5' },
    ]);
    expect(pickedRecords(categoryRelation, { categoryId: null }, 'categoryId')).toEqual([]);
  });
});

describe('buildRecordPayload', () => {
  it('create: nested one-to-many rows flagged new without temporary ids, one-to-one child when filled', () => {
    const body = payload('create', {
      name: '苹果',
      code: 'A1',
      secret: 'pw',
      stock: null,
      lines: [newSubRow({ sku: 'S-1', qty: 2 }), newSubRow({ sku: 'S-2', qty: null })],
      detail: { origin: '烟台' },
    });
    expect(body).toEqual({
      name: '苹果',
      code: 'A1',
      secret: 'pw',
      lines: [
        { isNewRow: true, sku: 'S-1', qty: 2 },
        { isNewRow: true, sku: 'S-2' },
      ],
      detail: { origin: '烟台' },
    });
    expect(JSON.stringify(body)).not.toContain(TEMP_ID_FIELD);
  });

  it('create: no rows and an empty one-to-one child send nothing for them', () => {
    expect(payload('create', { name: 'n', lines: [], detail: { origin: '', organic: false } })).toEqual({
      name: 'n',
    });
  });

  it('update unchanged: the editable values, children by key, the loaded lastModifiedDate, no createdDate', () => {
    expect(payload('update', editValues(), stored)).toEqual({
      name: '苹果',
      price: '3.50',
      stock: 10,
      onSale: true,
      memo: '红富士',
      categoryId: 3,
      lines: [
        { id: 71, sku: 'S-1', qty: 2 },
        { id: 72, sku: 'S-2' },
      ],
      detail: { id: 9, origin: '烟台' },
      lastModifiedDate: '2026-11-02 09:30:00',
    });
  });

  it('update: a deleted row is left out, a new row flagged, a changed row keeps its key', () => {
    const values = editValues();
    const [first] = values.lines as Record<string, unknown>[];
    values.lines = [{ ...first, qty: 5 }, newSubRow({ sku: 'S-3' })];
    const body = payload('update', values, stored);
    expect(body.lines).toEqual([
      { id: 71, sku: 'S-1', qty: 5 },
      { isNewRow: true, sku: 'S-3' },
    ]);
  });

  it('update: a list the record came without is never sent (so never emptied)', () => {
    const { lines: _lines, ...withoutLines } = stored;
    const values = { ...editValues(), lines: [] };
    expect(payload('update', values, withoutLines)).not.toHaveProperty('lines');
  });

  it('update: a list the server cut short is never sent, edited or not (the rows past it would be deleted)', () => {
    const truncated = {
      ...stored,
      $truncated: { lines: { embedded: 2, total: 1200, next: '/api/business/line?productId=5&offset=2' } },
    };
    const values = initialFormValues({
      mode: 'update',
      fields: formFields(product, 'update'),
      record: truncated,
      toOne,
      subs,
    });
    const unchanged = payload('update', values, truncated);
    expect(unchanged).not.toHaveProperty('lines');
    expect(unchanged).not.toHaveProperty('$truncated');
    // The rest of the record still saves, the one-to-one child included.
    expect(unchanged).toMatchObject({ name: '苹果', detail: { id: 9, origin: '烟台' } });
    const edited = payload('update', { ...values, lines: [newSubRow({ sku: 'S-3' })] }, truncated);
    expect(edited).not.toHaveProperty('lines');
    // A note on another relation leaves this list whole.
    const other = { ...stored, $truncated: { others: { embedded: 1, total: 5, next: '' } } };
    expect(payload('update', editValues(), other).lines).toHaveLength(2);
  });

  it('update: a one-to-one child the record lacked is created when filled', () => {
    const original = { ...stored, detail: null };
    const values = initialFormValues({
      mode: 'update',
      fields: formFields(product, 'update'),
      record: original,
      toOne,
      subs,
    });
    (values.detail as Record<string, unknown>).origin = '青岛';
    expect(payload('update', values, original).detail).toEqual({ organic: false, origin: '青岛' });
  });
});

describe('a column whose input was chosen in the table designer', () => {
  // An input that edits a comma list as an array of tags: its own conversions, both ways.
  const tags = {
    id: 'tags',
    types: ['VARCHAR', 'TEXT'],
    toForm: (_column: unknown, value: unknown) => (typeof value === 'string' ? value.split(',') : []),
    toWire: (_column: unknown, value: unknown) => (Array.isArray(value) ? value.join(',') : undefined),
  };
  const codecOf = codecResolver(new Map([['tags', tags]]), new Map([[115, { interface: 'tags' }]]));
  const record = { ...stored, memo: 'a,b', name: 'x' };

  it('loads and saves through that input’s conversions, other columns by their data type', () => {
    const values = initialFormValues({
      mode: 'update',
      fields: formFields(product, 'update'),
      record,
      toOne,
      subs,
      codecOf,
    });
    expect(values.memo).toEqual(['a', 'b']);
    expect(values.name).toBe('x');
    const body = buildRecordPayload({
      fields: formFields(product, 'update'),
      values: { ...values, memo: ['a', 'b', 'c'] },
      mode: 'update',
      original: record,
      toOne,
      subs,
      codecOf,
    });
    expect(body.memo).toBe('a,b,c');
    expect(body.name).toBe('x');
  });

  it('ignores a chosen input that does not edit the column’s data type', () => {
    const codec = codecResolver(new Map([['tags', tags]]), new Map([[113, { interface: 'tags' }]]));
    const body = recordBody({
      fields: formFields(product, 'create'),
      values: { stock: 7 },
      mode: 'create',
      codecOf: codec,
    });
    expect(body.stock).toBe(7);
  });
});
