import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuditEntry } from '../../../contract';
import { AuditLogPage } from '../../../src/audit/pages/AuditLogPage';
import { button } from '../../helpers/dom';
import { installFakeHttp, type FakeHttp } from '../../helpers/fakeHttp';
import { appProviders } from '../../helpers/appProviders';
import { renderPage } from '../../helpers/renderPage';
import { signIn, superAdmin } from '../../helpers/session';

vi.setConfig({ testTimeout: 30_000 });

const ENTRIES: AuditEntry[] = [
  {
    id: 2,
    time: Date.UTC(2026, 10, 28, 8, 30),
    user: { id: 1, name: 'superadmin' },
    action: 'sqlExecute',
    dataSource: 'primary',
    table: null,
    detail: { sql: 'select 1', readOnly: true, rowCount: 1, elapsedMs: 3, outcome: 'ok' },
    requestId: 'r-2',
    address: '10.0.0.8',
    userAgent: 'ua',
  },
  {
    id: 1,
    time: Date.UTC(2026, 10, 28, 8, 0),
    user: { id: null, name: null },
    action: 'signInFailed',
    dataSource: null,
    table: null,
    detail: { username: 'bob', reason: 'credentials' },
    requestId: 'r-1',
    address: '10.0.0.9',
    userAgent: 'ua',
  },
];

let server: FakeHttp;
beforeEach(() => {
  signIn(superAdmin);
  server = installFakeHttp();
  server.on('GET', '/business/config', { data: [] });
});
afterEach(() => {
  expect(server.unexpected).toEqual([]);
  server.restore();
});

const open = () => renderPage(<AuditLogPage />, { url: '/audit', route: 'audit', ...appProviders });

describe('AuditLogPage', () => {
  it('shows the entries newest first with translated actions, the user, the detail and the address', async () => {
    server.on('GET', '/audit', { data: ENTRIES });
    server.on('GET', '/audit/count', { data: 2 });
    open();
    expect(await screen.findByText('执行 SQL')).toBeInTheDocument();
    expect(screen.getByText('登录失败')).toBeInTheDocument();
    expect(screen.getByText('匿名')).toBeInTheDocument();
    expect(screen.getByText('bob：用户名或密码错误')).toBeInTheDocument();
    expect(screen.getByText('select 1（只读，1 行，3 毫秒）')).toBeInTheDocument();
    expect(screen.getByText('10.0.0.9')).toBeInTheDocument();
    const list = server.requests.find((request) => request.url === '/audit');
    expect(list?.params).toMatchObject({ offset: '0', limit: '10' });
  });

  it('sends the filters as column filters and goes back to the first page', async () => {
    server.on('GET', '/audit', { data: ENTRIES });
    server.on('GET', '/audit/count', { data: 2 });
    open();
    await screen.findByText('执行 SQL');
    fireEvent.change(screen.getByPlaceholderText('用户名或编号'), { target: { value: 'ann' } });
    fireEvent.change(screen.getByPlaceholderText('表名'), { target: { value: 'product' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s?询/ }));
    await waitFor(() =>
      expect(
        server.requests.some((request) => request.url === '/audit' && request.params.userName === 'LIKE ann'),
      ).toBe(true),
    );
    const last = server.requests.filter((request) => request.url === '/audit').at(-1);
    expect(last?.params).toMatchObject({ userName: 'LIKE ann', tableName: 'LIKE product', offset: '0' });
  });

  it('says when nothing matches, and offers a retry when the log cannot be read', async () => {
    let fail = true;
    server.on('GET', '/audit', () =>
      fail ? { status: 500, data: { code: 'INTERNAL_ERROR', message: '服务器内部错误' } } : { data: [] },
    );
    server.on('GET', '/audit/count', () =>
      fail ? { status: 500, data: { code: 'INTERNAL_ERROR', message: '服务器内部错误' } } : { data: 0 },
    );
    open();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('审计日志加载失败')).toBeInTheDocument();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: /重\s?试/ }));
    expect(await screen.findByText('没有符合条件的记录')).toBeInTheDocument();
  });

  it('exports the filtered log to Excel', async () => {
    server.on('GET', '/audit', { data: ENTRIES });
    server.on('GET', '/audit/count', { data: 2 });
    server.on('POST', '/audit/export', { status: 201, data: '/download/abc.xlsx' });
    open();
    await screen.findByText('执行 SQL');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click(button('导出 Excel'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    click.mockRestore();
    expect(
      server.requests.some((request) => request.method === 'POST' && request.url === '/audit/export'),
    ).toBe(true);
  });
});
