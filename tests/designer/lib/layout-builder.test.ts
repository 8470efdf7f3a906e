import { describe, expect, it } from 'vitest';
import { listColumns } from '../../../src/business/lib/business-cells';
import { defaultListColumns } from '../../../src/business/lib/list-columns';
import { parseFormLayouts, type FormLayout } from '../../../src/business/lib/business-meta';
import { formFields } from '../../../src/business/lib/form-fields';
import { placeFields } from '../../../src/business/lib/form-layout';
import {
  clampWidth,
  draftLayout,
  hasWidths,
  initialBuilder,
  layoutColumns,
  layoutItems,
  reorderSelected,
  sameBuilder,
  selectColumn,
  serializeLayoutBody,
  setWidth,
  unselectColumn,
  type BuilderState,
} from '../../../src/designer/lib/layout-builder';
import { product } from '../../business/lib/business-form-fixtures';

const layout = (type: FormLayout['type'], body: unknown): FormLayout =>
  parseFormLayouts([{ id: 9, tableId: 1, device: 'pc', type, body }])[0] as FormLayout;
const ids = (state: BuilderState) => state.selected.map((item) => item.columnId);
const createColumns = layoutColumns(product, 'create');
const listable = layoutColumns(product, 'list');

describe('layoutColumns', () => {
  it('a form offers its fields, the list every listable column', () => {
    expect(createColumns.map((c) => c.name)).toEqual([
      'name',
      'code',
      'price',
      'stock',
      'onSale',
      'memo',
      'secret',
      'categoryId',
    ]);
    const names = listable.map((c) => c.name);
    expect(names).not.toContain('secret');
    expect(names).not.toContain('fullTextBody');
    expect(names).toContain('createdDate');
  });
});

describe('initialBuilder', () => {
  it('without a layout starts from what the form shows today, nothing left over', () => {
    const state = initialBuilder(product, 'create', undefined);
    expect(ids(state)).toEqual([110, 111, 112, 113, 114, 115, 116, 117]);
    expect(state.selected.find((item) => item.columnId === 115)?.width).toBe(24);
    expect(state.selected.find((item) => item.columnId === 110)?.width).toBe(12);
    expect(state.unselected).toEqual([]);
  });

  it('without a list layout starts from the columns the list shows by default, the bookkeeping ones unselected', () => {
    const state = initialBuilder(product, 'list', undefined);
    const shown = defaultListColumns(product, []);
    expect(ids(state)).toEqual(shown.map((c) => c.id));
    const names = (columnIds: readonly number[]) =>
      columnIds.map((id) => product.columns.find((column) => column.id === id)?.name);
    expect(names(ids(state))).not.toContain('createdDate');
    expect(names(state.unselected)).toEqual(expect.arrayContaining(['createdDate', 'lastModifiedDate']));
    expect(state.unselected).toEqual(
      listable.filter((column) => !shown.includes(column)).map((column) => column.id),
    );
  });

  it('with a layout: its order and widths, unknown and repeated columns dropped, the rest unselected in column order', () => {
    const state = initialBuilder(
      product,
      'create',
      layout(
        'create',
        JSON.stringify([
          { columnId: 113, width: 6 },
          { columnId: 999 },
          { columnId: 110, width: 40 },
          { columnId: 113 },
        ]),
      ),
    );
    expect(state.selected).toEqual([
      { columnId: 113, width: 6 },
      { columnId: 110, width: 24 },
    ]);
    expect(state.unselected).toEqual([111, 112, 114, 115, 116, 117]);
  });

  it('tolerates bad stored JSON: starts from the default', () => {
    for (const body of ['not json', '{"columnId":1}', '[1, null, {"width": 3}]', null]) {
      const state = initialBuilder(product, 'list', layout('list', body));
      expect(ids(state)).toEqual(defaultListColumns(product, []).map((c) => c.id));
    }
  });
});

describe('moving columns', () => {
  const start = initialBuilder(product, 'create', layout('create', '[{"columnId":110,"width":8}]'));

  it('selects a column at a position with the default width, and keeps the others in column order', () => {
    const next = selectColumn(start, createColumns, 115, 0);
    expect(next.selected).toEqual([
      { columnId: 115, width: 24 },
      { columnId: 110, width: 8 },
    ]);
    expect(next.unselected).toEqual([111, 112, 113, 114, 116, 117]);
    expect(ids(selectColumn(next, createColumns, 112))).toEqual([115, 110, 112]);
    expect(ids(selectColumn(next, createColumns, 112, 99))).toEqual([115, 110, 112]);
  });

  it('selecting a chosen column moves it and keeps its width; an unknown column changes nothing', () => {
    const two = selectColumn(start, createColumns, 115);
    expect(selectColumn(two, createColumns, 110, 1).selected).toEqual([
      { columnId: 115, width: 24 },
      { columnId: 110, width: 8 },
    ]);
    expect(selectColumn(two, createColumns, 4242)).toBe(two);
  });

  it('unselects back into column order', () => {
    const all = initialBuilder(product, 'create', undefined);
    const next = unselectColumn(unselectColumn(all, createColumns, 117), createColumns, 111);
    expect(next.unselected).toEqual([111, 117]);
    expect(ids(next)).toEqual([110, 112, 113, 114, 115, 116]);
    expect(unselectColumn(next, createColumns, 111)).toBe(next);
  });

  it('reorders, ignoring moves out of range', () => {
    const all = initialBuilder(product, 'create', undefined);
    expect(ids(reorderSelected(all, 0, 2)).slice(0, 3)).toEqual([111, 112, 110]);
    expect(ids(reorderSelected(all, 3, 0)).slice(0, 2)).toEqual([113, 110]);
    expect(reorderSelected(all, 0, 20)).toBe(all);
    expect(reorderSelected(all, -1, 0)).toBe(all);
    expect(reorderSelected(all, 2, 2)).toBe(all);
  });

  it('sets widths within 1–24', () => {
    expect(setWidth(start, 110, 30).selected[0]?.width).toBe(24);
    expect(setWidth(start, 110, 0).selected[0]?.width).toBe(1);
    expect(setWidth(start, 110, 5.4).selected[0]?.width).toBe(5);
    expect(setWidth(start, 110, undefined).selected[0]?.width).toBe(8);
    expect(clampWidth('7', 12)).toBe(12);
  });
});

describe('the stored body', () => {
  const state: BuilderState = {
    selected: [
      { columnId: 113, width: 6 },
      { columnId: 110, width: 18 },
    ],
    unselected: [],
  };

  it('forms store widths, the list only the columns', () => {
    expect(hasWidths('create')).toBe(true);
    expect(hasWidths('list')).toBe(false);
    expect(serializeLayoutBody(state, 'update')).toBe(
      '[{"columnId":113,"width":6},{"columnId":110,"width":18}]',
    );
    expect(serializeLayoutBody(state, 'list')).toBe('[{"columnId":113},{"columnId":110}]');
  });

  it('round-trips through the parser the list and forms use', () => {
    const stored = layout('create', serializeLayoutBody(state, 'create'));
    expect(initialBuilder(product, 'create', stored).selected).toEqual(state.selected);
    expect(
      placeFields(formFields(product, 'create'), stored).map((f) => `${f.column.name}:${f.span}`),
    ).toEqual([
      'stock:6',
      'name:18',
      // Required fields left out still come last.
      'code:12',
      'secret:12',
    ]);
    const list = layout('list', serializeLayoutBody(state, 'list'));
    expect(listColumns(product, [list]).map((c) => c.name)).toEqual(['stock', 'name']);
  });

  it('compares by what would be stored; the draft is the pc layout of the type', () => {
    const wider = setWidth(state, 113, 7);
    expect(sameBuilder(state, { ...state, unselected: [1] }, 'create')).toBe(true);
    expect(sameBuilder(state, wider, 'create')).toBe(false);
    expect(sameBuilder(state, wider, 'list')).toBe(true);
    expect(draftLayout(product, 'list', state)).toEqual({
      tableId: 1,
      device: 'pc',
      type: 'list',
      body: layoutItems(state, 'list'),
    });
  });
});
