import type { CreateParams, UpdateParams } from '@refinedev/core';
import { act, fireEvent, renderHook, waitFor } from '@testing-library/react';
import { vi } from 'vitest';
import type { Table } from '../../../contract';
import type { FormLayout } from '../../../src/business/lib/business-meta';
import { useLayoutEditor, type LayoutEditorOptions } from '../../../src/designer/hooks/useLayoutEditor';
import { refineWrapper, testDataProvider } from '../../helpers/renderWithRefine';

const table: Table = {
  id: 5,
  name: 'product',
  caption: '产品',
  primaryNames: ['id'],
  columns: [
    { id: 1, name: 'id', caption: '编号', dataType: 'BIGINT', indexType: 'PRIMARY', insertable: false },
    { id: 2, name: 'title', caption: '标题', dataType: 'VARCHAR', nullable: false },
    { id: 3, name: 'cost', caption: '成本', dataType: 'DECIMAL' },
  ],
};
const storedList: FormLayout = {
  id: 30,
  tableId: 5,
  device: 'pc',
  type: 'list',
  body: [{ columnId: 3 }, { columnId: 2 }],
};

const renderEditor = (
  options: Partial<LayoutEditorOptions>,
  records: { create?: ReturnType<typeof vi.fn>; update?: ReturnType<typeof vi.fn> } = {},
) => {
  window.history.replaceState({}, '', '/dataSource/primary/metadata/tables/5/formBuilder');
  const dirtyRef = { current: false };
  const onSaved = vi.fn(async () => undefined);
  const rendered = renderHook(
    () => useLayoutEditor({ table, type: 'list', stored: storedList, dirtyRef, onSaved, ...options }),
    { wrapper: refineWrapper({ dataProvider: testDataProvider(records as object) }) },
  );
  return { ...rendered, dirtyRef, onSaved };
};
const selectedIds = (state: { selected: { columnId: number }[] }) =>
  state.selected.map((item) => item.columnId);

describe('useLayoutEditor', () => {
  it('starts from the stored layout and moves columns as they are dropped', () => {
    const { result, dirtyRef } = renderEditor({});
    expect(selectedIds(result.current.state)).toEqual([3, 2]);
    expect(result.current.state.unselected).toEqual([1]);
    expect(result.current.unsaved).toBe(false);

    // onto a row of the selected list: before that row
    act(() => result.current.drop({ columnId: 1, from: 'unselected', to: 'selected', overId: 'column-3' }));
    expect(selectedIds(result.current.state)).toEqual([1, 3, 2]);
    // within the list, onto the list itself: to its end
    act(() =>
      result.current.drop({ columnId: 1, from: 'selected', to: 'selected', overId: 'zone-selected' }),
    );
    expect(selectedIds(result.current.state)).toEqual([3, 2, 1]);
    // back to the other list
    act(() =>
      result.current.drop({ columnId: 3, from: 'selected', to: 'unselected', overId: 'zone-unselected' }),
    );
    expect(selectedIds(result.current.state)).toEqual([2, 1]);
    expect(result.current.state.unselected).toEqual([3]);
    // a drop within the unselected list changes nothing
    act(() => result.current.drop({ columnId: 3, from: 'unselected', to: 'unselected', overId: 'column-3' }));
    expect(result.current.state.unselected).toEqual([3]);

    expect(result.current.unsaved).toBe(true);
    expect(dirtyRef.current).toBe(true);
    act(() => result.current.undo());
    expect(selectedIds(result.current.state)).toEqual([3, 2]);
    expect(dirtyRef.current).toBe(false);
  });

  it('marks the columns a form needs, and none on the list', () => {
    expect([...renderEditor({}).result.current.required]).toEqual([]);
    expect([...renderEditor({ type: 'create', stored: undefined }).result.current.required]).toEqual([2]);
  });

  it('saves a change onto the stored record on Ctrl+S, then lets the page read the layouts again', async () => {
    const update = vi.fn(async (_: UpdateParams) => ({ data: { id: 30 } }));
    const { result, dirtyRef, onSaved } = renderEditor({}, { update });
    act(() => result.current.unselectAll());
    act(() => result.current.select(2));
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(update).toHaveBeenCalledTimes(1);
    expect(update.mock.calls[0]?.[0]).toMatchObject({
      resource: 'tableFormBuilder',
      id: 30,
      variables: { body: '[{"columnId":2}]' },
    });
    expect(dirtyRef.current).toBe(false);
    await waitFor(() => expect(result.current.saving).toBe(false));
  });

  it('creates the record of a type that has none, with the widths of a form', async () => {
    const create = vi.fn(async (_: CreateParams) => ({ data: { id: 31 } }));
    const { result, onSaved } = renderEditor({ type: 'create', stored: undefined }, { create });
    act(() => result.current.setWidth(2, 12));
    act(() => result.current.save());
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const variables = create.mock.calls[0]?.[0].variables as Record<string, unknown>;
    expect(variables).toMatchObject({ tableId: 5, device: 'pc', type: 'create' });
    expect(JSON.parse(variables.body as string)).toContainEqual({ columnId: 2, width: 12 });
  });

  it('keeps the changes when the save fails', async () => {
    const update = vi.fn(async (_: UpdateParams) => {
      throw { statusCode: 500, message: '保存失败了' };
    });
    const { result, dirtyRef, onSaved } = renderEditor({}, { update });
    act(() => result.current.selectAll());
    act(() => result.current.save());
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(result.current.saving).toBe(false));
    expect(onSaved).not.toHaveBeenCalled();
    expect(result.current.unsaved).toBe(true);
    expect(dirtyRef.current).toBe(true);
    expect(selectedIds(result.current.state)).toEqual([3, 2, 1]);
  });
});
