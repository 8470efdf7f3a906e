import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Table } from '../../../contract';
import { TableListPage } from '../../../src/designer/pages/TableListPage';
import { button, dialog, headers, labelled } from '../../helpers/dom';
import { installFakeHttp, type FakeHttp } from '../../helpers/fakeHttp';
import { appProviders } from '../../helpers/appProviders';
import { currentPath, renderPage } from '../../helpers/renderPage';
import { clerk, signIn, superAdmin } from '../../helpers/session';

vi.setConfig({ testTimeout: 60_000 });

const URL = '/dataSource/primary/metadata/tables';
const ROUTE = 'dataSource/:dataSource/metadata/tables';

const table = (id: number, name: string, extra: Partial<Table> = {}): Table => ({
  id,
  name,
  pluralName: `${name}s`,
  tableName: name,
  caption: `${name}表`,
  engine: null,
  columns: [{ id: id * 10, name: 'id', dataType: 'BIGINT' }],
  createdDate: 1_700_000_000_000,
  ...extra,
});

const ROWS = [table(3, 'product'), table(2, 'customer'), table(1, 'user', { systemable: true })];

let server: FakeHttp;
beforeEach(() => {
  signIn(superAdmin);
  server = installFakeHttp();
  server.on('GET', '/business/config', { data: [] });
  server.on('GET', '/metadata/tables', ({ params }) => ({
    data: ROWS.filter((t) => !params.search || t.name.includes(params.search)),
  }));
  server.on('GET', '/metadata/tables/count', ({ params }) => ({
    data: ROWS.filter((t) => !params.search || t.name.includes(params.search)).length,
  }));
});
afterEach(() => {
  expect(server.unexpected).toEqual([]);
  server.restore();
});

const row = (id: number) => document.querySelector(`tr[data-row-key="${id}"]`) as HTMLElement;
const selectRow = (id: number) =>
  fireEvent.click(row(id).querySelector('input[type="checkbox"]') as HTMLElement);

const open = async () => {
  renderPage(<TableListPage />, { url: URL, route: ROUTE, ...appProviders });
  await waitFor(() => expect(row(2)).not.toBeNull());
};

describe('TableListPage', () => {
  it('lists tables with their actions, a page at a time', async () => {
    await open();
    expect(headers()).toEqual(['', '对象名称', '中文名称', '表名称', '引擎', '字段数', '创建时间', '操作']);
    expect(server.sent('GET', '/metadata/tables')[0]?.params).toEqual({ offset: '0', limit: '10' });
    expect(row(3)).toHaveTextContent('product表');
    for (const action of ['编辑', '联合索引', '页面构建', '权限设置', '删除'])
      expect(button(action, row(3))).toBeEnabled();
    expect(row(1)).toHaveTextContent('系统表');
    expect(button('删除', row(1))).toBeDisabled();
    expect(screen.getByText('共 3 条记录 第 1 / 1 页')).toBeInTheDocument();
  });

  it('searches on Enter from the first page', async () => {
    await open();
    const box = labelled('请输入关键字');
    fireEvent.change(box, { target: { value: ' cust ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(row(3)).toBeNull());
    expect(row(2)).not.toBeNull();
    expect(server.sent('GET', '/metadata/tables').at(-1)?.params).toEqual({
      offset: '0',
      limit: '10',
      search: 'cust',
    });
    expect(server.sent('GET', '/metadata/tables/count').at(-1)?.params).toEqual({ search: 'cust' });
  });

  it('navigates to the designer, the index editor and the later screens', async () => {
    await open();
    fireEvent.click(button('联合索引', row(3)));
    expect(currentPath()).toBe(`${URL}/3/indexs`);
  });

  it('deletes one table, dropping the physical table when the switch is on', async () => {
    server.on('DELETE', '/metadata/tables/3', { status: 204 });
    await open();
    fireEvent.click(button('删除', row(3)));
    const confirm = await dialog('确认删除吗？');
    expect(confirm).toHaveTextContent('只删除元数据');
    fireEvent.click(confirm.querySelector('[role="switch"]') as HTMLElement);
    expect(confirm).toHaveTextContent('将同时删除数据库中的物理表');
    fireEvent.click(button('删除', confirm));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    expect(server.sent('DELETE', '/metadata/tables/3')[0]?.params).toEqual({ isDropPhysicalTable: 'true' });
    await waitFor(() => expect(server.sent('GET', '/metadata/tables').length).toBeGreaterThan(1));
  });

  it('refuses a batch of system tables only', async () => {
    await open();
    selectRow(1);
    fireEvent.click(button('批量删除'));
    expect(await screen.findByText('系统表不能删除，至少选择一个非系统表！')).toBeInTheDocument();
    expect(document.querySelector('.ant-modal')).toBeNull();
  });

  it('batch-deletes the non-system tables of the selection, keeping the physical tables by default', async () => {
    server.on('DELETE', '/metadata/tables', { status: 204 });
    await open();
    selectRow(1);
    selectRow(2);
    selectRow(3);
    expect(screen.getByText('已选择 3 项')).toBeInTheDocument();
    fireEvent.click(button('批量删除'));
    expect(await screen.findByText('已跳过 1 个系统表')).toBeInTheDocument();
    const confirm = await dialog('确认删除吗？');
    expect(confirm).toHaveTextContent('将删除选中的 2 条记录。');
    fireEvent.click(button('删除', confirm));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    const [request] = server.sent('DELETE', '/metadata/tables');
    expect(request?.params).toEqual({ isDropPhysicalTable: 'false' });
    expect(request?.body).toEqual([2, 3]);
  });

  it('reports a failed delete with the server’s reason', async () => {
    server.on('DELETE', '/metadata/tables/2', {
      status: 409,
      data: { code: 'CONFLICT', message: '被关系引用' },
    });
    await open();
    fireEvent.click(button('删除', row(2)));
    fireEvent.click(button('删除', await dialog('确认删除吗？')));
    expect(await screen.findByText('删除失败：被关系引用')).toBeInTheDocument();
  });

  it('offers no changes to a user who may only read the metadata', async () => {
    signIn({ ...clerk, authorities: [{ authority: 'metadata:read' }] });
    await open();
    expect(row(3)).toHaveTextContent('product表');
    for (const label of ['添加', '批量删除', '数据库逆向', '导入元数据'])
      expect(() => button(label)).toThrow();
    for (const action of ['编辑', '联合索引', '删除']) expect(() => button(action, row(3))).toThrow();
    expect(button('批量导出元数据')).toBeInTheDocument();
  });
});
