import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Column, Principal, Table } from '../../contract';
import { BusinessListPage } from '../../src/business/pages/BusinessListPage';
import { extensionRegistry } from '../../src/extensions/registry';
import { addTexts, changeLocale } from '../../src/providers/i18n-provider';
import { clearSession } from '../../src/store/session';
import { appProviders } from '../helpers/appProviders';
import { button, dialog, labelled } from '../helpers/dom';
import { installFakeHttp, type FakeHttp } from '../helpers/fakeHttp';
import { renderPage } from '../helpers/renderPage';
import { signIn, superAdmin } from '../helpers/session';

vi.setConfig({ testTimeout: 30_000 });

// the app adds the extensions' texts when it starts (RefineApp); these tests render without it
addTexts((locale) => extensionRegistry.locale(locale));

/** A clerk who may read and update the orders, nothing else. */
const orderClerk: Principal = {
  id: 6,
  username: 'orders',
  realname: '李四',
  avatar: null,
  roles: [{ id: 31, name: '订单员', code: 'ROLE_ORDERS' }],
  authorities: [
    { authority: 'ROLE_ORDERS' },
    { authority: 'business:orders:read' },
    { authority: 'business:orders:update' },
  ],
};

const col = (
  id: number,
  name: string,
  dataType: Column['dataType'],
  extra: Partial<Column> = {},
): Column => ({
  id,
  name,
  caption: name,
  dataType,
  ...extra,
});

const ordersTable: Table = {
  id: 50,
  name: 'orders',
  caption: '订单',
  primaryNames: ['id'],
  historyMode: 'off',
  columns: [
    col(501, 'id', 'BIGINT', { caption: '编号', indexType: 'PRIMARY' }),
    col(502, 'name', 'VARCHAR', { caption: '名称', displayable: true }),
    col(503, 'status', 'VARCHAR', { caption: '状态' }),
  ],
};

const ORDERS = [
  { id: 7, name: '第七单', status: '待付款' },
  { id: 8, name: '第八单', status: '待付款' },
];

const FLOWS = [
  { id: 3, name: '发货' },
  { id: 4, name: '取消' },
];

const LIST_URL = '/dataSource/primary/business/orders';
const ROUTE = 'dataSource/:dataSource/business/:tableName';

let server: FakeHttp;
let flows: { id: number; name: string }[];

beforeEach(() => {
  flows = FLOWS;
  server = installFakeHttp();
  server.on('GET', '/business/config', { data: [] });
  server.on('GET', '/metadata/tables/name/orders', { data: ordersTable });
  server.on('GET', '/metadata/tablerelations/fromTable/name/orders', { data: [] });
  server.on('GET', '/metadata/tables/name/orders/screen', { data: { formBuilders: [], extProperties: [] } });
  server.on('GET', '/metadata/tables/50/row-count', {
    data: { owned: true, kept: true, estimatedRows: 2, notKept: null },
  });
  server.on('GET', '/business/orders', { data: ORDERS });
  server.on('GET', '/business/orders/count', { data: ORDERS.length });
  server.on('GET', '/flows/buttons', () => ({ data: flows }));
  // what the super admin reads besides (the layouts and column settings a designer may change)
  server.on('GET', '/business/tableFormBuilder', { data: [] });
  server.on('GET', '/business/columnExtProperty', { data: [] });
});
afterEach(async () => {
  expect(server.unexpected).toEqual([]);
  server.restore();
  clearSession();
  await changeLocale('zh-CN');
});

const row = (key: number) => document.querySelector(`tr[data-row-key="${key}"]`) as HTMLElement;

const openList = async () => {
  renderPage(<BusinessListPage />, { url: LIST_URL, route: ROUTE, ...appProviders });
  await waitFor(() => expect(row(7)).not.toBeNull());
};

/** The row's 运行流程 icon, once the table's button flows are known. */
const runIconOf = (scope: () => HTMLElement) =>
  waitFor(() => labelled<HTMLButtonElement>('运行流程', scope()), { timeout: 5000 });

/** Chooses a flow in the open 运行流程 menu. */
const chooseFlow = async (name: string) => {
  const item = await waitFor(
    () => {
      const found = [...document.querySelectorAll('.ant-dropdown:not(.ant-dropdown-hidden) li')].find(
        (li) => li.textContent === name,
      );
      if (!found) throw new Error(`no menu entry ${name}`);
      return found as HTMLElement;
    },
    { timeout: 5000 },
  );
  fireEvent.click(item);
};

const lists = () => server.sent('GET', '/business/orders').length;

describe('the flows extension on the generic list', () => {
  it("offers a clerk who may read the table its button flows in each row, and runs one on the row's record once confirmed", async () => {
    signIn(orderClerk);
    server.on('POST', '/flows/3/run', {
      data: { runs: [{ key: '7', runId: 91, status: 'ok', step: null, error: null }] },
    });
    await openList();
    fireEvent.click(await runIconOf(() => row(7)));
    expect(labelled('运行流程', row(8))).toBeInTheDocument();
    // one request for the whole list, on the list's data source
    expect(server.sent('GET', '/flows/buttons')).toHaveLength(1);
    expect(server.sent('GET', '/flows/buttons')[0]).toMatchObject({
      params: { table: 'orders' },
      dataSource: 'primary',
    });

    await chooseFlow('发货');
    const confirm = await dialog('运行流程「发货」？');
    expect(confirm).toHaveTextContent('将对 1 条记录运行');
    // nothing runs before the confirmation
    expect(server.sent('POST', '/flows/3/run')).toHaveLength(0);
    const before = lists();
    fireEvent.click(button('运行', confirm));

    expect(await screen.findByText('流程「发货」已运行：1 条记录成功')).toBeInTheDocument();
    expect(server.sent('POST', '/flows/3/run')).toEqual([
      expect.objectContaining({ body: { keys: ['7'] }, dataSource: 'primary' }),
    ]);
    // a flow changes records: the list is read again
    await waitFor(() => expect(lists()).toBeGreaterThan(before));
  });

  it('runs a flow on the selected records from beside the batch actions, and lists the failures', async () => {
    signIn(superAdmin);
    server.on('POST', '/flows/4/run', {
      data: {
        runs: [
          { key: '7', runId: 92, status: 'ok', step: null, error: null },
          { key: '8', runId: 93, status: 'failed', step: 2, error: '已发货的订单不能取消' },
        ],
      },
    });
    await openList();
    await runIconOf(() => row(7));
    // nothing selected: no batch button
    expect(() => button('运行流程')).toThrow();
    fireEvent.click(row(7).querySelector('input[type="checkbox"]') as HTMLInputElement);
    fireEvent.click(row(8).querySelector('input[type="checkbox"]') as HTMLInputElement);
    fireEvent.click(await waitFor(() => button('运行流程')));
    await chooseFlow('取消');
    const confirm = await dialog('运行流程「取消」？');
    expect(confirm).toHaveTextContent('将对 2 条记录运行');
    fireEvent.click(button('运行', confirm));

    expect(await screen.findByText('流程「取消」已运行：1 条成功，1 条失败')).toBeInTheDocument();
    expect(screen.getByText('记录 8：第 2 步：已发货的订单不能取消')).toBeInTheDocument();
    expect(server.sent('POST', '/flows/4/run')[0]?.body).toEqual({ keys: ['7', '8'] });
  });

  it("shows the server's reason when a run is refused, and keeps the question open", async () => {
    signIn(orderClerk);
    server.on('POST', '/flows/3/run', {
      status: 403,
      data: { code: 'FORBIDDEN', message: '没有权限修改订单' },
    });
    await openList();
    fireEvent.click(await runIconOf(() => row(7)));
    await chooseFlow('发货');
    const confirm = await dialog('运行流程「发货」？');
    fireEvent.click(button('运行', confirm));
    expect(await screen.findByText('流程运行失败：没有权限修改订单')).toBeInTheDocument();
    expect(confirm.isConnected).toBe(true);
    expect(confirm.className).not.toMatch(/-leave/);
  });

  it('shows nothing for a table without button flows, not even an empty menu', async () => {
    flows = [];
    signIn(superAdmin);
    await openList();
    await waitFor(() => expect(server.sent('GET', '/flows/buttons')).toHaveLength(1));
    await waitFor(() => expect(labelled('更多操作', row(7))).toBeInTheDocument());
    fireEvent.click(row(7).querySelector('input[type="checkbox"]') as HTMLInputElement);
    await waitFor(() => expect(button('批量删除')).toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector('[aria-label="运行流程"]')).toBeNull();
    expect(() => button('运行流程')).toThrow();
  });

  it('shows nothing when the server cannot say which flows the table has', async () => {
    signIn(superAdmin);
    server.once('GET', '/flows/buttons', { status: 404, data: { code: 'NOT_FOUND', message: 'Not Found' } });
    await openList();
    await waitFor(() => expect(labelled('更多操作', row(7))).toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector('[aria-label="运行流程"]')).toBeNull();
    expect(document.querySelector('.ant-message-error, .ant-notification-notice')).toBeNull();
  });

  it('keeps the run in the record card on a phone-wide screen, in English', async () => {
    const wide = window.matchMedia;
    // a 390 px window, as antd's breakpoints ask it
    window.matchMedia = ((query: string) => {
      const min = /min-width:\s*(\d+)px/.exec(query);
      const max = /max-width:\s*(\d+)px/.exec(query);
      const matches = (!min || 390 >= Number(min[1])) && (!max || 390 <= Number(max[1]));
      return { ...wide(query), matches };
    }) as typeof window.matchMedia;
    try {
      await changeLocale('en-US');
      signIn(orderClerk);
      server.on('POST', '/flows/3/run', {
        data: { runs: [{ key: '8', runId: 94, status: 'ok', step: null, error: null }] },
      });
      renderPage(<BusinessListPage />, { url: LIST_URL, route: ROUTE, ...appProviders });
      const cards = await waitFor(() => {
        const found = document.querySelectorAll('[data-record-card]');
        if (found.length !== 2) throw new Error('no cards yet');
        return [...found] as HTMLElement[];
      });
      const icon = await waitFor(() => labelled<HTMLButtonElement>('Run flow', cards[1] as HTMLElement), {
        timeout: 5000,
      });
      fireEvent.click(icon);
      await chooseFlow('发货');
      const confirm = await dialog('Run flow “发货”?');
      expect(confirm).toHaveTextContent('It runs on 1 record, and may change it.');
      fireEvent.click(button('Run', confirm));
      expect(await screen.findByText('Flow “发货” ran: 1 record succeeded')).toBeInTheDocument();
      expect(server.sent('POST', '/flows/3/run')[0]?.body).toEqual({ keys: ['8'] });
    } finally {
      window.matchMedia = wide;
    }
  });
});
