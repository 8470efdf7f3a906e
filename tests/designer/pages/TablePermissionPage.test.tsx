import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Table } from '../../../contract';
import { TablePermissionPage } from '../../../src/designer/pages/TablePermissionPage';
import { clearSession } from '../../../src/store/session';
import { appProviders } from '../../helpers/appProviders';
import { button, labelled } from '../../helpers/dom';
import { installFakeHttp, type FakeHttp } from '../../helpers/fakeHttp';
import { renderPage } from '../../helpers/renderPage';
import { clerk, signIn, superAdmin } from '../../helpers/session';

vi.setConfig({ testTimeout: 30_000 });

const table: Table = {
  id: 5,
  name: 'product',
  caption: '产品',
  primaryNames: ['id'],
  columns: [
    { id: 1, name: 'id', caption: '编号', dataType: 'BIGINT', indexType: 'PRIMARY' },
    { id: 2, name: 'title', caption: '标题', dataType: 'VARCHAR' },
    { id: 3, name: 'cost', caption: '成本', dataType: 'DECIMAL' },
    { id: 4, name: 'fullTextBody', caption: '全文索引', dataType: 'TEXT', indexType: 'FULLTEXT' },
  ],
};

const roles = [
  { id: 1, name: '超级管理员', code: 'ROLE_SUPER_ADMIN' },
  { id: 7, name: '销售', code: 'ROLE_SALES' },
];

let server: FakeHttp;
beforeEach(() => {
  server = installFakeHttp();
  server.on('GET', '/business/config', { data: [] });
  server.on('GET', '/metadata/tables/5', { data: table });
});
afterEach(() => {
  expect(server.unexpected).toEqual([]);
  server.restore();
  clearSession();
});

const open = async (dataSource = 'primary') => {
  renderPage(<TablePermissionPage />, {
    url: `/dataSource/${dataSource}/metadata/tables/5/tablePermission`,
    route: 'dataSource/:dataSource/metadata/tables/:id/tablePermission',
    ...appProviders,
  });
  await waitFor(() => labelled('角色'));
};

const pickRole = async (title: string) => {
  await waitFor(() => expect(labelled('角色')).not.toBeDisabled());
  fireEvent.mouseDown(
    labelled('角色').closest('.ant-select')?.querySelector('.ant-select-selector') as HTMLElement,
  );
  const option = await waitFor(() => {
    const found = document.querySelector(`.ant-select-item-option[title="${title}"]`);
    if (!found) throw new Error(`no option ${title}`);
    return found as HTMLElement;
  });
  fireEvent.click(option);
};

const box = (label: string) => labelled<HTMLInputElement>(label);

describe('TablePermissionPage', () => {
  it('creates the role’s record: actions as codes, every column with read and update', async () => {
    signIn(superAdmin);
    server.on('GET', '/business/role', { data: roles });
    server.on('GET', '/business/tablePermission', (request) => {
      expect(request.params).toMatchObject({ tableId: '5', roleId: '7' });
      return { data: [] };
    });
    server.on('POST', '/business/tablePermission', { status: 201, data: 11 });
    await open();
    await screen.findByText('请选择角色', { selector: '.ant-empty-description' });
    // the super admin's role needs no table permission
    fireEvent.mouseDown(
      labelled('角色').closest('.ant-select')?.querySelector('.ant-select-selector') as HTMLElement,
    );
    await pickRole('销售（ROLE_SALES）');
    expect(
      document.querySelector('.ant-select-item-option[title="超级管理员（ROLE_SUPER_ADMIN）"]'),
    ).toBeNull();
    await screen.findByText(/还没有此表的权限设置/);

    expect(box('读取 id')).toBeDisabled();
    expect(document.querySelector('[aria-label="读取 fullTextBody"]')).toBeNull();
    fireEvent.click(box('读取 cost'));
    expect(box('编辑 cost')).not.toBeChecked();
    fireEvent.click(box('编辑 title'));
    fireEvent.click(screen.getByText('查看'));
    fireEvent.click(screen.getByText('导出'));
    expect(screen.getByText('有未保存的更改')).toBeInTheDocument();

    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await screen.findByText('保存成功，已立即生效');
    const [post] = server.sent('POST', '/business/tablePermission');
    expect(post?.dataSource).toBe('primary');
    expect(post?.body).toEqual({
      dataSource: 'primary',
      tableId: 5,
      roleId: 7,
      permissions: 'business:product:read,business:product:export',
      columns: JSON.stringify([
        { columnId: 1, read: true, update: true },
        { columnId: 2, read: true, update: false },
        { columnId: 3, read: false, update: false },
      ]),
      rowRules: null,
    });
  });

  it('keeps the record of another data source’s table in primary, naming the source and its codes', async () => {
    signIn(superAdmin);
    server.on('GET', '/business/role', (request) => {
      expect(request.dataSource).toBe('primary');
      return { data: roles };
    });
    server.on('GET', '/business/tablePermission', (request) => {
      expect(request.dataSource).toBe('primary');
      expect(request.params).toMatchObject({ tableId: '5', roleId: '7' });
      expect(JSON.parse(request.params.filter ?? '{}')).toEqual({
        conditionType: 'AND',
        conditions: [{ columnName: 'dataSource', operatorType: 'EQ', values: ['chinook'] }],
      });
      return { data: [{ id: 12, tableId: 5, roleId: 7, permissions: 'business:chinook.product:read' }] };
    });
    server.on('PATCH', '/business/tablePermission/12', { data: 1 });
    await open('chinook');
    await pickRole('销售（ROLE_SALES）');
    const read = await waitFor(() => screen.getByText('查看').closest('label') as HTMLElement);
    await waitFor(() => expect(read.querySelector('input')).toBeChecked());
    fireEvent.click(screen.getByText('导出'));
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await screen.findByText('保存成功，已立即生效');
    const [patch] = server.sent('PATCH', '/business/tablePermission/12');
    expect(patch?.dataSource).toBe('primary');
    expect(patch?.body).toMatchObject({
      permissions: 'business:chinook.product:read,business:chinook.product:export',
    });
  });

  it('edits a nested row rule as JSON, refuses to save it unreadable, and saves it once fixed', async () => {
    signIn(superAdmin);
    const nested = {
      conditionType: 'OR',
      conditions: [
        { columnName: 'title', operatorType: 'EQ', values: ['$user.username'] },
        { conditionType: 'AND', conditions: [{ columnName: 'cost', operatorType: 'LE', values: ['10'] }] },
      ],
    };
    server.on('GET', '/business/role', { data: roles });
    server.on('GET', '/business/tablePermission', {
      data: [
        {
          id: 31,
          tableId: 5,
          roleId: 7,
          permissions: 'business:product:read',
          columns: '[]',
          rowRules: JSON.stringify({ read: nested }),
        },
      ],
    });
    // A rule is being edited: the user table's added columns are offered as variables.
    server.on('GET', '/metadata/tables', { data: [] });
    server.on('PATCH', '/business/tablePermission/31', { data: null });
    await open();
    await pickRole('销售（ROLE_SALES）');
    const json = await waitFor(() => labelled<HTMLTextAreaElement>('规则 JSON'));
    expect(JSON.parse(json.value)).toEqual(nested);
    // No index leads with title or cost.
    expect(screen.getByText(/字段 title, cost 没有索引/)).toBeInTheDocument();

    fireEvent.change(json, { target: { value: '{"conditionType": "OR",' } });
    expect(screen.getByText('不是有效的 JSON')).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await screen.findByText(/行规则未填写完整（可查看的记录）/);
    expect(server.sent('PATCH', '/business/tablePermission/31')).toEqual([]);

    const fixed = { columnName: 'title', operatorType: 'EQ', values: ['$user.username'] };
    fireEvent.change(json, { target: { value: JSON.stringify(fixed) } });
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await screen.findByText('保存成功，已立即生效');
    const [patch] = server.sent('PATCH', '/business/tablePermission/31');
    expect(JSON.parse(String((patch?.body as { rowRules: string }).rowRules))).toEqual({ read: fixed });
  });

  it('updates a stored record and the grid’s select-all sets a whole column', async () => {
    signIn(superAdmin);
    server.on('GET', '/business/role', { data: roles });
    server.on('GET', '/business/tablePermission', {
      data: [
        {
          id: 30,
          tableId: 5,
          roleId: 7,
          permissions: 'business:product:read',
          columns: JSON.stringify([{ columnId: 3, read: false, update: false }]),
        },
      ],
    });
    server.on('PATCH', '/business/tablePermission/30', { status: 200 });
    await open();
    await pickRole('销售（ROLE_SALES）');
    await waitFor(() => expect(box('读取 cost')).not.toBeChecked());
    expect(box('读取 title')).toBeChecked();
    expect(screen.queryByText(/还没有此表的权限设置/)).toBeNull();
    expect(button('保存')).not.toBeDisabled();
    expect(screen.getByText('没有未保存的更改')).toBeInTheDocument();

    fireEvent.click(box('全选编辑'));
    expect(box('读取 cost')).toBeChecked();
    expect(box('编辑 cost')).toBeChecked();
    fireEvent.click(box('全选读取'));
    // unticking every read keeps the key readable
    expect(box('读取 id')).toBeChecked();
    expect(box('读取 title')).not.toBeChecked();
    fireEvent.click(button('保存'));
    await screen.findByText('保存成功，已立即生效');
    const [patch] = server.sent('PATCH', '/business/tablePermission/30');
    expect(patch?.body).toEqual({
      permissions: 'business:product:read',
      columns: JSON.stringify([
        { columnId: 1, read: true, update: true },
        { columnId: 2, read: false, update: false },
        { columnId: 3, read: false, update: false },
      ]),
      rowRules: null,
    });
  });

  it('asks in its own dialog before another role drops unsaved changes', async () => {
    signIn(superAdmin);
    const rolesWithBuyer = [...roles, { id: 8, name: '采购', code: 'ROLE_BUYER' }];
    server.on('GET', '/business/role', { data: rolesWithBuyer });
    server.on('GET', '/business/tablePermission', { data: [] });
    const browserConfirm = vi.spyOn(window, 'confirm').mockImplementation(() => {
      throw new Error('the browser’s confirm() must not be used');
    });
    await open();
    await pickRole('销售（ROLE_SALES）');
    await screen.findByText(/还没有此表的权限设置/);
    fireEvent.click(box('读取 cost'));
    await screen.findByText('有未保存的更改');

    await pickRole('采购（ROLE_BUYER）');
    const dialog = () => document.querySelector('.ant-modal-confirm');
    await waitFor(() => expect(dialog()?.textContent).toContain('放弃未保存的更改？'));
    expect(dialog()?.textContent).toContain('当前角色的权限有未保存的更改，确定切换吗？');
    fireEvent.click(button('留下'));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(box('读取 cost')).not.toBeChecked();

    await pickRole('采购（ROLE_BUYER）');
    await waitFor(() => expect(dialog()?.textContent).toContain('放弃未保存的更改？'));
    fireEvent.click(button('放弃更改'));
    await waitFor(() =>
      expect(server.sent('GET', '/business/tablePermission').some((r) => r.params.roleId === '8')).toBe(true),
    );
    await waitFor(() => expect(box('读取 cost')).toBeChecked());
    expect(browserConfirm).not.toHaveBeenCalled();
  });

  it('offers no action the signed-in user does not hold', async () => {
    signIn({
      ...clerk,
      authorities: [
        ...clerk.authorities,
        { authority: 'business:role:read' },
        { authority: 'business:tablePermission:*' },
      ],
    });
    server.on('GET', '/business/role', { data: roles });
    server.on('GET', '/business/tablePermission', { data: [] });
    await open();
    await pickRole('销售（ROLE_SALES）');
    const read = await waitFor(() => screen.getByText('查看').closest('label') as HTMLElement);
    expect(read.querySelector('input')).not.toBeDisabled();
    for (const action of ['添加', '编辑', '删除', '导入', '导出']) {
      const label = screen
        .getAllByText(action)
        .map((el) => el.closest('label'))
        .find(Boolean) as HTMLElement;
      expect(label.querySelector('input'), action).toBeDisabled();
    }
  });

  it('lets a stored code the user does not hold be unticked and ticked again, with a tooltip on the others', async () => {
    signIn({
      ...clerk,
      authorities: [
        ...clerk.authorities,
        { authority: 'business:role:read' },
        { authority: 'business:tablePermission:*' },
      ],
    });
    server.on('GET', '/business/role', { data: roles });
    server.on('GET', '/business/tablePermission', {
      data: [{ id: 30, tableId: 5, roleId: 7, permissions: 'business:product:delete', columns: '[]' }],
    });
    await open();
    await pickRole('销售（ROLE_SALES）');
    const action = (text: string) =>
      screen
        .getAllByText(text)
        .map((el) => el.closest('label'))
        .find(Boolean)
        ?.querySelector('input') as HTMLInputElement;
    await waitFor(() => expect(action('删除')).toBeChecked());
    expect(action('删除')).not.toBeDisabled();
    fireEvent.click(action('删除'));
    expect(action('删除')).not.toBeChecked();
    // the stored record had it: the server accepts it back
    expect(action('删除')).not.toBeDisabled();
    fireEvent.click(action('删除'));
    expect(action('删除')).toBeChecked();
    expect(action('导出')).toBeDisabled();
    fireEvent.mouseOver(action('导出').closest('label') as HTMLElement);
    expect(await screen.findByText('您没有此权限，不能授予')).toBeInTheDocument();
  });

  it('shows the empty state when only the super admin’s role exists', async () => {
    signIn(superAdmin);
    server.once('GET', '/business/role', { data: [roles[0]] });
    await open();
    expect(await screen.findByText('还没有可设置的角色')).toBeInTheDocument();
    expect(button('添加角色')).toBeInTheDocument();
  });

  it('explains a failure to load the roles', async () => {
    signIn(superAdmin);
    server.on('GET', '/business/role', { status: 403, data: { code: 'FORBIDDEN', message: '没有权限' } });
    await open();
    expect(await screen.findByText('角色加载失败')).toBeInTheDocument();
    expect(screen.getByText('没有权限')).toBeInTheDocument();
  });
});
