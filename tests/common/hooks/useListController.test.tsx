import type { CrudFilter, GetListParams } from '@refinedev/core';
import { act, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { vi } from 'vitest';
import { useListController, type ListController } from '../../../src/common/hooks/useListController';
import { renderWithRefine, testDataProvider } from '../../helpers/renderWithRefine';

type Row = { id: number };

let controller: ListController<Row> | undefined;

const Probe = ({ initialFilters }: { initialFilters?: CrudFilter[] }) => {
  const list = useListController<Row>({
    resource: 'product',
    meta: { dataSource: 'ds2' },
    keyOf: (row) => String(row.id),
    ...(initialFilters ? { initialFilters } : {}),
  });
  useEffect(() => {
    controller = list;
  });
  return (
    <span>
      page {list.page} of {list.count}: {list.rows.map((row) => row.id).join(',')}
    </span>
  );
};

const rowsOf = (total: number, { pagination }: GetListParams) => {
  const { currentPage = 1, pageSize = 10 } = pagination ?? {};
  const from = (currentPage - 1) * pageSize;
  return {
    data: Array.from({ length: Math.max(0, Math.min(pageSize, total - from)) }, (_, i) => ({
      id: from + i + 1,
    })),
    total,
  };
};

const current = (): ListController<Row> => {
  if (!controller) throw new Error('not rendered');
  return controller;
};

describe('useListController', () => {
  it('asks the provider for the first page of 10 with the initial filters and the meta', async () => {
    const getList = vi.fn(async (params: GetListParams) => rowsOf(25, params));
    renderWithRefine(<Probe initialFilters={[{ field: 'isDeleted', operator: 'eq', value: 'false' }]} />, {
      dataProvider: testDataProvider({ getList: getList as never }),
    });
    expect(await screen.findByText('page 1 of 25: 1,2,3,4,5,6,7,8,9,10')).toBeInTheDocument();
    const [params] = getList.mock.calls[0] ?? [];
    expect(params?.pagination).toEqual({ currentPage: 1, pageSize: 10, mode: 'server' });
    expect(params?.filters).toEqual([{ field: 'isDeleted', operator: 'eq', value: 'false' }]);
    expect(params?.meta?.dataSource).toBe('ds2');
  });

  it('searches from the first page, keeping the column filters', async () => {
    const getList = vi.fn(async (params: GetListParams) => rowsOf(25, params));
    renderWithRefine(<Probe initialFilters={[{ field: 'name', operator: 'eq', value: 'x' }]} />, {
      dataProvider: testDataProvider({ getList: getList as never }),
    });
    await screen.findByText(/^page 1 of 25/);
    act(() => current().changePage(3, 10));
    await screen.findByText('page 3 of 25: 21,22,23,24,25');
    act(() => current().submitSearch(' 苹果 '));
    await screen.findByText(/^page 1 of 25/);
    expect(getList.mock.calls.at(-1)?.[0].filters).toEqual([
      { field: '$search', operator: 'eq', value: '苹果' },
      { field: 'name', operator: 'eq', value: 'x' },
    ]);
    expect(current().search).toBe('苹果');
    expect(current().filters).toEqual([{ field: 'name', operator: 'eq', value: 'x' }]);
  });

  it('moves back to the last page when the rows shrink below the current page', async () => {
    let total = 25;
    const getList = vi.fn(async (params: GetListParams) => rowsOf(total, params));
    renderWithRefine(<Probe />, { dataProvider: testDataProvider({ getList: getList as never }) });
    await screen.findByText(/^page 1 of 25/);
    act(() => current().changePage(3, 10));
    await screen.findByText('page 3 of 25: 21,22,23,24,25');
    total = 12;
    await act(() => current().reload());
    await waitFor(() => expect(screen.getByText('page 2 of 12: 11,12')).toBeInTheDocument());
  });

  it('keeps the selection across pages by key and forgets deleted keys', async () => {
    const getList = vi.fn(async (params: GetListParams) => rowsOf(25, params));
    renderWithRefine(<Probe />, { dataProvider: testDataProvider({ getList: getList as never }) });
    await screen.findByText(/^page 1 of 25/);
    act(() => current().select(['1', '2'], [{ id: 1 }, { id: 2 }]));
    act(() => current().changePage(2, 10));
    await screen.findByText(/^page 2 of 25/);
    act(() => current().select(['1', '2', '11'], [{ id: 11 }]));
    expect([...current().selected.keys()]).toEqual(['1', '2', '11']);
    expect(current().selectedRows).toEqual([{ id: 1 }, { id: 2 }, { id: 11 }]);
    act(() => current().unselect(['2']));
    expect([...current().selected.keys()]).toEqual(['1', '11']);
  });
});
