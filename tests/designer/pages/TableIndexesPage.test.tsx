import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Table } from '../../../contract';
import { TableIndexesPage } from '../../../src/designer/pages/TableIndexesPage';
import { appProviders } from '../../helpers/appProviders';
import { button, labelled } from '../../helpers/dom';
import { installFakeHttp, type FakeHttp } from '../../helpers/fakeHttp';
import { renderPage } from '../../helpers/renderPage';

vi.setConfig({ testTimeout: 30_000 });

const table: Table = {
  id: 5,
  name: 'orderLine',
  caption: '订单明细',
  columns: [
    { id: 1, name: 'id', caption: '编号', dataType: 'BIGINT', indexType: 'PRIMARY' },
    { id: 2, name: 'orderId', caption: '订单', dataType: 'BIGINT' },
    { id: 3, name: 'sku', caption: '货号', dataType: 'VARCHAR' },
  ],
  indexs: [
    {
      id: 40,
      name: 'uq_order_sku',
      caption: '订单货号',
      indexType: 'UNIQUE',
      indexStorage: 'BTREE',
      createdDate: 1_700_000_000_000,
      indexLines: [
        { id: 1, column: { id: 2, name: 'orderId' } },
        { id: 2, column: { id: 3, name: 'sku' } },
      ],
    },
  ],
};

let server: FakeHttp;
beforeEach(() => {
  server = installFakeHttp();
  server.on('GET', '/business/config', { data: [] });
  server.on('GET', '/metadata/tables/5', { data: table });
});
afterEach(() => {
  expect(server.unexpected).toEqual([]);
  server.restore();
});

const openSelect = (label: string) =>
  fireEvent.mouseDown(
    labelled(label).closest('.ant-select')?.querySelector('.ant-select-selector') as HTMLElement,
  );
const choose = (title: string) =>
  fireEvent.click(document.querySelector(`.ant-select-item-option[title="${title}"]`) as HTMLElement);

const open = async () => {
  renderPage(<TableIndexesPage />, {
    url: '/dataSource/primary/metadata/tables/5/indexs',
    route: 'dataSource/:dataSource/metadata/tables/:id/indexs',
    ...appProviders,
  });
  await screen.findByDisplayValue('uq_order_sku');
};

describe('TableIndexesPage', () => {
  it('saves the indexes with PATCH {indexs}, new rows without their temporary id', async () => {
    server.on('PATCH', '/metadata/tables/5', { status: 200 });
    await open();
    fireEvent.click(button('添加索引'));
    expect(labelled('索引名称 2')).toHaveValue('index1');
    openSelect('索引类型 2');
    choose('普通');
    openSelect('列 2');
    choose('货号 (sku)');
    fireEvent.click(button('保存'));
    expect(await screen.findByText('保存成功')).toBeInTheDocument();
    const [patch] = server.sent('PATCH', '/metadata/tables/5');
    expect(patch?.body).toEqual({
      indexs: [
        {
          id: 40,
          caption: '订单货号',
          description: null,
          indexStorage: 'BTREE',
          indexType: 'UNIQUE',
          name: 'uq_order_sku',
          indexLines: [{ column: { id: 2, name: 'orderId' } }, { column: { id: 3, name: 'sku' } }],
        },
        {
          caption: '索引1',
          description: '描述1',
          indexStorage: null,
          indexType: 'INDEX',
          name: 'index1',
          indexLines: [{ column: { id: 3, name: 'sku' } }],
        },
      ],
    });
    // The page reloads the table after saving.
    await waitFor(() => expect(server.sent('GET', '/metadata/tables/5').length).toBeGreaterThan(1));
  });

  it('does not save a row without type or columns, and says why on the row', async () => {
    await open();
    fireEvent.click(button('添加索引'));
    fireEvent.click(button('保存'));
    expect(await screen.findByText('请选择索引类型')).toBeInTheDocument();
    expect(screen.getByText('至少选择一列')).toBeInTheDocument();
    expect(server.sent('PATCH', '/metadata/tables/5')).toEqual([]);
  });

  it('deleting every row saves an empty list', async () => {
    server.on('PATCH', '/metadata/tables/5', { status: 200 });
    await open();
    fireEvent.click(labelled('删除 1'));
    fireEvent.click(button('保存'));
    expect(await screen.findByText('保存成功')).toBeInTheDocument();
    expect(server.sent('PATCH', '/metadata/tables/5')[0]?.body).toEqual({ indexs: [] });
  });
});
