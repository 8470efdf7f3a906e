import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { MetadataBundle } from '../../../src/designer/lib/metadata-bundle';
import { TableImportPage } from '../../../src/designer/pages/TableImportPage';
import { appProviders } from '../../helpers/appProviders';
import { button, dialog } from '../../helpers/dom';
import { installFakeHttp, type FakeHttp } from '../../helpers/fakeHttp';
import { renderPage } from '../../helpers/renderPage';

vi.setConfig({ testTimeout: 30_000 });

const URL = '/dataSource/primary/metadata/tables/import';
const ROUTE = 'dataSource/:dataSource/metadata/tables/import';

const BUNDLE: MetadataBundle = {
  tables: [
    { id: 7, name: 'customer', tableName: 'customer', caption: '客户', columns: [] },
    { id: 8, name: 'invoice', tableName: 'invoice', caption: '发票', columns: [] },
  ],
  sequences: [{ name: 'invoiceNo', sequenceType: 'STRING', format: 'INV%05d' }],
  tableRelations: [
    {
      name: 'customer',
      relationType: 'ManyToOne',
      fromTable: { id: 8, name: 'invoice' },
      toTable: { id: 7, name: 'customer' },
      fromColumn: { id: 81 },
      toColumn: { id: 71 },
    },
  ],
  tableFormBuilders: [{ tableId: 8, device: 'pc', type: 'list', body: '[]' }],
};

let server: FakeHttp;
beforeEach(() => {
  server = installFakeHttp();
  server.on('GET', '/business/config', { data: [] });
  server.on('GET', '/metadata/tables', { data: [{ id: 1, name: 'customer', columns: [] }] });
  server.on('GET', '/metadata/sequences', { data: [] });
  server.on('GET', '/metadata/tablerelations', { data: [] });
});
afterEach(() => {
  expect(server.unexpected).toEqual([]);
  server.restore();
});

const pick = (text: string, name = 'metadata.json') => {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File([text], name, { type: 'application/json' })] } });
};

const open = async () => {
  renderPage(<TableImportPage />, { url: URL, route: ROUTE, ...appProviders });
  await waitFor(() => expect(server.sent('GET', '/metadata/tablerelations')).toHaveLength(1));
};

describe('TableImportPage', () => {
  it('previews the file’s content and flags the names that exist', async () => {
    await open();
    pick(JSON.stringify(BUNDLE));
    expect(await screen.findByText('metadata.json')).toBeInTheDocument();
    const tables = await screen.findByRole('list', { name: '表' });
    expect(tables).toHaveTextContent('customer 客户 · 已存在');
    expect(tables).toHaveTextContent('invoice 发票');
    expect(tables.querySelectorAll('[data-conflict]')).toHaveLength(1);
    expect(screen.getByRole('list', { name: '关系' })).toHaveTextContent('customer invoice → customer');
    expect(screen.getByRole('list', { name: '页面布局' })).toHaveTextContent('invoice · pc · list');
    expect(screen.getByText(/有 1 个名称在当前数据源中已存在/)).toBeInTheDocument();
  });

  it('refuses a file that is not a metadata export', async () => {
    await open();
    pick('{"rows":[]}');
    expect(await screen.findByText(/文件不是元数据导出文件/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /导\s*入/ })).toBeNull();
    pick('not json');
    expect(await screen.findByText('文件不是有效的 JSON')).toBeInTheDocument();
  });

  it('imports after 确认提交吗？', async () => {
    server.on('POST', '/metadata/tables/import', { status: 201 });
    await open();
    pick(JSON.stringify(BUNDLE));
    await screen.findByRole('list', { name: '表' });
    fireEvent.click(button('导入'));
    const confirm = await dialog('确认提交吗？');
    expect(confirm).toHaveTextContent('将导入 2 张表、1 个序列号、1 个关系和 1 个页面布局');
    fireEvent.click(button('导入', confirm));
    expect((await screen.findAllByText('导入成功')).length).toBeGreaterThan(0);
    expect(server.sent('POST', '/metadata/tables/import')[0]?.body).toEqual(BUNDLE);
  });

  it('creates every table when asked, whatever the file says of them', async () => {
    server.on('POST', '/metadata/tables/import', { status: 201 });
    await open();
    pick(JSON.stringify(BUNDLE));
    await screen.findByRole('list', { name: '表' });
    fireEvent.click(screen.getByRole('radio', { name: '全部新建' }));
    fireEvent.click(button('导入'));
    fireEvent.click(button('导入', await dialog('确认提交吗？')));
    expect((await screen.findAllByText('导入成功')).length).toBeGreaterThan(0);
    const sent = server.sent('POST', '/metadata/tables/import')[0];
    expect(sent?.params).toEqual({ tables: 'create' });
    expect(sent?.body).toEqual(BUNDLE);
  });

  it('shows the conflict report of a refused import', async () => {
    server.on('POST', '/metadata/tables/import', {
      status: 409,
      data: {
        code: 'CONFLICT',
        message: '元数据已存在',
        errors: { 'tables.customer': '表 customer 已存在' },
      },
    });
    await open();
    pick(JSON.stringify(BUNDLE));
    await screen.findByRole('list', { name: '表' });
    fireEvent.click(button('导入'));
    fireEvent.click(button('导入', await dialog('确认提交吗？')));
    expect(await screen.findByText('导入被拒绝：以下名称已存在，没有导入任何内容')).toBeInTheDocument();
    expect(screen.getByText('元数据已存在')).toBeInTheDocument();
    expect(screen.getByText('tables.customer: 表 customer 已存在')).toBeInTheDocument();
  });
});
