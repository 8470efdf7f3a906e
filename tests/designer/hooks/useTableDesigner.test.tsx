import type { CreateParams, GetListParams, UpdateParams } from '@refinedev/core';
import { act, renderHook, waitFor } from '@testing-library/react';
import { vi } from 'vitest';
import type { Table } from '../../../contract';
import { useTableDesigner } from '../../../src/designer/hooks/useTableDesigner';
import { currentPath } from '../../helpers/renderPage';
import { refineWrapper, testDataProvider } from '../../helpers/renderWithRefine';

const LIST = '/dataSource/primary/metadata/tables';

const stored: Table = {
  id: 7,
  name: 'product',
  pluralName: 'products',
  tableName: 'product',
  caption: '产品',
  columns: [
    { id: 1, name: 'id', dataType: 'BIGINT', indexType: 'PRIMARY', autoIncrement: true, nullable: false },
    { id: 2, name: 'title', caption: '标题', dataType: 'VARCHAR', length: 100, nullable: true },
  ],
  indexs: [],
};

/** The designer over a `metadata` provider that answers the sequence list and what the test gives. */
const renderDesigner = (
  table: Table | undefined,
  metadata: { create?: ReturnType<typeof vi.fn>; update?: ReturnType<typeof vi.fn> } = {},
) => {
  window.history.replaceState({}, '', table ? `${LIST}/${table.id}` : `${LIST}/new`);
  const getList = vi.fn(async (_: GetListParams) => ({ data: [], total: 0 }));
  const provider = testDataProvider({ getList: getList as never, ...(metadata as object) });
  return renderHook(() => useTableDesigner(table), {
    wrapper: refineWrapper({ dataProvider: { default: testDataProvider(), metadata: provider } }),
  });
};

describe('useTableDesigner', () => {
  it('derives the plural and physical names from the object name until the user types them', () => {
    const { result } = renderDesigner(undefined);
    act(() => result.current.setField('name', 'category'));
    expect(result.current.draft).toMatchObject({ pluralName: 'categories', tableName: 'category' });
    act(() => result.current.setField('pluralName', 'cats'));
    act(() => result.current.setField('name', 'kind'));
    expect(result.current.draft).toMatchObject({ name: 'kind', pluralName: 'cats', tableName: 'kind' });
    expect(result.current.draft.columns).toHaveLength(9);
  });

  it('shows a missing name only once 保存 was pressed, and then asks nothing and sends nothing', () => {
    const create = vi.fn();
    const { result } = renderDesigner(undefined, { create });
    expect(result.current.errors.fields.name).toBeUndefined();
    act(() => result.current.requestSave());
    expect(result.current.attempted).toBe(true);
    expect(result.current.errors.fields.name).toBe('必填');
    expect(result.current.confirm.open).toBe(false);
    expect(create).not.toHaveBeenCalled();
  });

  it('creates after 确认提交吗？ and returns to the list', async () => {
    const create = vi.fn(async (_: CreateParams) => ({ data: { id: 12 } }));
    const { result } = renderDesigner(undefined, { create });
    act(() => result.current.setField('name', 'product'));
    act(() => result.current.requestSave());
    expect(result.current.confirm.open).toBe(true);
    act(() => result.current.confirm.ok());
    await waitFor(() => expect(currentPath()).toBe(LIST));
    expect(create).toHaveBeenCalledTimes(1);
    const [params] = create.mock.calls[0] ?? [];
    expect(params?.resource).toBe('tables');
    expect(params?.meta?.query).toBeUndefined();
    expect(params?.variables).toMatchObject({
      name: 'product',
      pluralName: 'products',
      tableName: 'product',
    });
  });

  it('keeps a refused change (409) and sends exactly it again once the loss is confirmed', async () => {
    const update = vi
      .fn(async (_: UpdateParams) => ({ data: { id: 7 } }))
      .mockRejectedValueOnce({
        statusCode: 409,
        message: '修改会丢失数据',
        errors: { 'columns[1].length': '3 行的值超过 10 个字符' },
      });
    const { result } = renderDesigner(stored, { update });
    const titleKey = result.current.draft.columns[1]?.key as string;
    act(() => result.current.onCellChange(titleKey, 'length', 10));
    act(() => result.current.requestSave());
    act(() => result.current.confirm.ok());
    await waitFor(() => expect(result.current.dataLoss.entries).not.toBeNull());
    expect(result.current.dataLoss.entries).toEqual([
      { name: 'title', caption: '标题', message: '3 行的值超过 10 个字符' },
    ]);
    expect(result.current.confirm.open).toBe(false);
    // An edit after the refusal does not change what the confirmation sends.
    act(() => result.current.onCellChange(titleKey, 'length', 20));
    act(() => result.current.dataLoss.confirm());
    await waitFor(() => expect(currentPath()).toBe(LIST));
    const [first, second] = update.mock.calls.map(([params]) => params);
    expect(first?.id).toBe(7);
    expect(first?.meta?.query).toBeUndefined();
    expect(second?.meta?.query).toEqual({ confirmDataLoss: 'true' });
    expect(second?.variables).toEqual(first?.variables);
    expect((first?.variables as Table).columns[1]?.length).toBe(10);
  });

  it("puts a 400's messages on the fields and cells, and an edit forgets its own", async () => {
    const update = vi.fn(async (_: UpdateParams) => {
      throw {
        statusCode: 400,
        message: '参数错误',
        errors: { 'columns[1].name': '名称已被使用', tableName: '物理表已存在', owner: '未知' },
      };
    });
    const { result } = renderDesigner(stored, { update });
    const titleKey = result.current.draft.columns[1]?.key as string;
    act(() => result.current.requestSave());
    act(() => result.current.confirm.ok());
    await waitFor(() => expect(result.current.errors.fields.tableName).toBe('物理表已存在'));
    expect(result.current.errors.rows[titleKey]).toEqual({ name: '名称已被使用' });
    expect(result.current.otherErrors).toEqual(['owner: 未知']);
    expect(result.current.dataLoss.entries).toBeNull();
    expect(currentPath()).toBe(`${LIST}/7`);
    act(() => result.current.setField('tableName', 'goods'));
    act(() => result.current.onCellChange(titleKey, 'name', 'label'));
    expect(result.current.errors.fields.tableName).toBeUndefined();
    expect(result.current.errors.rows[titleKey]).toBeUndefined();
  });
});
