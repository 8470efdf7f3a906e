import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CustomParams } from '@refinedev/core';
import type { TableRowCount } from '../../../contract';
import { RowCountCard } from '../../../src/designer/components/RowCountCard';
import { renderWithRefine, testDataProvider } from '../../helpers/renderWithRefine';

const SCANNED: TableRowCount = { owned: false, kept: false, estimatedRows: 1_000_000, notKept: null };

/** A metadata provider answering the row-count calls from `state`; any other call fails the test. */
const providerWith = (initial: TableRowCount) => {
  let state = initial;
  const custom = vi.fn(async ({ url, method, payload }: CustomParams) => {
    if (url !== '/metadata/tables/7/row-count') throw new Error(`unexpected call ${method} ${url}`);
    if (method === 'patch') state = { ...state, kept: (payload as { kept: boolean }).kept };
    else if (method !== 'get') throw new Error(`unexpected method ${method}`);
    return { data: state as never };
  });
  const provider = testDataProvider({ custom });
  return { custom, dataProvider: { default: provider, metadata: provider } };
};

describe('RowCountCard', () => {
  it('says a reversed table is counted row by row, with the cost, and keeps its count once confirmed', async () => {
    const { custom, dataProvider } = providerWith(SCANNED);
    renderWithRefine(<RowCountCard tableId={7} tableName="Order Lines" />, { dataProvider });
    expect(await screen.findByText('逐行计数')).toBeInTheDocument();
    expect(screen.getByText(/约 1,000,000 行/)).toBeInTheDocument();
    expect(screen.getByText(/建立插入、删除触发器/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '保持精确行数' }));
    expect(
      await screen.findByText('确认在表 Order Lines 上建立计数触发器并数一遍全表吗？'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('已保持精确行数')).toBeInTheDocument();
    expect(custom).toHaveBeenCalledWith(
      expect.objectContaining({
        url: '/metadata/tables/7/row-count',
        method: 'patch',
        payload: { kept: true },
      }),
    );
  });

  it('stops keeping a kept count once confirmed, and says a failed change', async () => {
    const { custom, dataProvider } = providerWith({ ...SCANNED, kept: true });
    renderWithRefine(<RowCountCard tableId={7} tableName="Order Lines" />, { dataProvider });
    expect(await screen.findByText('已保持精确行数')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '停止保持' }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('逐行计数')).toBeInTheDocument();
    expect(custom).toHaveBeenCalledWith(
      expect.objectContaining({ method: 'patch', payload: { kept: false } }),
    );
    custom.mockImplementationOnce(async () => {
      throw { message: '数据库账号无权在表 Order Lines 上建触发器', statusCode: 409 };
    });
    fireEvent.click(screen.getByRole('button', { name: '保持精确行数' }));
    const confirms = await screen.findAllByRole('button', { name: /确\s*定/ });
    fireEvent.click(confirms[confirms.length - 1] as HTMLElement);
    expect(await screen.findByText('数据库账号无权在表 Order Lines 上建触发器')).toBeInTheDocument();
    expect(screen.getByText('逐行计数')).toBeInTheDocument();
  });

  it('shows why a count cannot be kept, with no switch', async () => {
    const { dataProvider } = providerWith({ ...SCANNED, notKept: 'cascade' });
    renderWithRefine(<RowCountCard tableId={7} tableName="Order Lines" />, { dataProvider });
    expect(await screen.findByText(/外键级联删除/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '保持精确行数' })).toBeNull();
  });

  it('shows nothing where counting is cheap (SQLite)', async () => {
    const { custom, dataProvider } = providerWith({ ...SCANNED, estimatedRows: null, notKept: 'cheap' });
    const { container } = renderWithRefine(<RowCountCard tableId={7} tableName="Order Lines" />, {
      dataProvider,
    });
    await waitFor(() => expect(custom).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(container.textContent).toBe(''));
  });
});
