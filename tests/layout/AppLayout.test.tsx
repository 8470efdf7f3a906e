import type { Principal, Table } from '../../contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { AppLayout } from '../../src/layout/AppLayout';
import { createAuthProvider } from '@crudboard/client';
import { appClient } from '../../src/providers/app-client';
import { resetRegisteredTables } from '../../src/resources/useRegisteredTables';
import { appConfigLoader } from '../../src/store/useAppConfig';
import { dataSourcesLoader } from '../../src/store/useCurrentDataSource';
import { getPermission } from '../../src/store/session';
import { installFakeHttp, type FakeHttp } from '../helpers/fakeHttp';
import { renderWithRefine, testDataProvider } from '../helpers/renderWithRefine';
import { clerk, signedInPrincipal, signIn, superAdmin } from '../helpers/session';

const product: Table = { id: 1, name: 'product', caption: '产品', columns: [] };
const user: Table = { id: 2, name: 'user', caption: '用户', systemable: true, columns: [] };

let server: FakeHttp;

const renderLayout = (menuCodes: string[], tables: Table[], me: () => Principal = signedInPrincipal) => {
  const custom = vi.fn(async ({ url }: { url: string }) => {
    if (url === '/api/users/me') return { data: me() };
    if (url === '/api/users/me/menu')
      return { data: menuCodes.map((code, id) => ({ id, code, name: code })) };
    if (url === '/api/users/me/table') return { data: tables };
    throw new Error(`unexpected custom ${url}`);
  });
  const authHttp = { get: vi.fn(), post: vi.fn() };
  renderWithRefine(
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="/dataSource/:dataSource" element={<p>主页内容</p>} />
      </Route>
    </Routes>,
    {
      url: '/dataSource/primary',
      dataProvider: testDataProvider({ custom: custom as never }),
      authProvider: createAuthProvider(authHttp as never),
      accessControlProvider: appClient().accessControlProvider,
    },
  );
  return { custom };
};

const findMenu = () => screen.findByRole('navigation', { name: '主菜单' });

describe('AppLayout', { timeout: 30_000 }, () => {
  beforeEach(() => {
    appConfigLoader.reset();
    dataSourcesLoader.reset();
    resetRegisteredTables();
    // The open lookups (settings, data sources) go through the app's own providers.
    server = installFakeHttp();
    server.on('GET', '/business/config', { data: [{ key: 'businessName', value: '' }] });
    server.on('GET', '/metadata/dataSources', { data: [{ name: 'primary', caption: '主数据源' }] });
  });

  afterEach(() => {
    expect(server.unexpected).toEqual([]);
    server.restore();
    vi.restoreAllMocks();
  });

  it('shows only the groups the menu codes allow, with 暂无数据表 in an empty one', async () => {
    signIn(clerk);
    renderLayout(['business', 'system'], []);
    expect(await screen.findByText('张三')).toBeInTheDocument();
    const menu = await findMenu();
    expect(await within(menu).findByText('业务数据')).toBeInTheDocument();
    expect(within(menu).getByText('系统')).toBeInTheDocument();
    expect(within(menu).getByText('暂无数据表')).toBeInTheDocument();
    expect(within(menu).queryByText('元数据')).not.toBeInTheDocument();
    expect(within(menu).queryByText('内置数据')).not.toBeInTheDocument();
    expect(screen.getByText('主页内容')).toBeInTheDocument();
  });

  it('offers the SQL console to a user who holds sql:execute without being super admin', async () => {
    signIn({
      ...clerk,
      authorities: [
        { authority: 'ROLE_ANALYST' },
        { authority: 'metadata:read' },
        { authority: 'sql:execute' },
      ],
    });
    renderLayout(['metadata'], []);
    const menu = await findMenu();
    expect(await within(menu).findByRole('link', { name: 'SQL' })).toHaveAttribute(
      'href',
      '/dataSource/primary/metadata/sqls/new',
    );
  });

  it('takes a permission granted while the session is open without signing in again', async () => {
    signIn(clerk);
    // the server already knows the new rights when the layout asks who is signed in
    const granted: Principal = {
      ...clerk,
      authorities: [...clerk.authorities, { authority: 'metadata:read' }, { authority: 'sql:execute' }],
    };
    const { custom } = renderLayout(['metadata'], [], () => granted);
    const menu = await findMenu();
    expect(await within(menu).findByRole('link', { name: 'SQL' })).toHaveAttribute(
      'href',
      '/dataSource/primary/metadata/sqls/new',
    );
    expect(getPermission()?.permissions.map((p) => p.authority)).toContain('sql:execute');
    // what was loaded under the old rights was asked again
    expect(custom.mock.calls.filter(([call]) => call.url === '/api/users/me/menu').length).toBeGreaterThan(1);
  });

  it('offers who may create tables to create the first one', async () => {
    signIn(superAdmin);
    renderLayout([], [{ ...user, captions: { 'en-US': 'Users' } }]);
    const menu = await findMenu();
    expect(await within(menu).findByRole('link', { name: /创建第一张表/ })).toHaveAttribute(
      'href',
      '/dataSource/primary/metadata/tables/new',
    );
  });

  it('shows every group to the super admin, tables under 业务数据 and 内置数据', async () => {
    signIn(superAdmin);
    const { custom } = renderLayout([], [product, user]);
    const menu = await findMenu();
    expect(await within(menu).findByRole('link', { name: '产品' })).toHaveAttribute(
      'href',
      '/dataSource/primary/business/product',
    );
    expect(within(menu).getByRole('link', { name: '用户' })).toBeInTheDocument();
    for (const group of ['业务数据', '内置数据', '元数据', '系统']) {
      expect(within(menu).getByText(group)).toBeInTheDocument();
    }
    expect(within(menu).getByRole('link', { name: '表' })).toHaveAttribute(
      'href',
      '/dataSource/primary/metadata/tables',
    );
    expect(within(menu).getByRole('link', { name: '关于' })).toHaveAttribute('href', '/about');
    expect(within(menu).getByRole('link', { name: 'Webhook' })).toHaveAttribute(
      'href',
      '/dataSource/primary/business/webhook',
    );
    expect(within(menu).getByRole('link', { name: '定时任务' })).toHaveAttribute(
      'href',
      '/dataSource/primary/business/schedule',
    );
    const tableCall = custom.mock.calls.find(([c]) => c.url === '/api/users/me/table');
    expect(tableCall?.[0]).toMatchObject({ meta: { dataSource: 'primary' } });
    expect(screen.getByText('超级管理员')).toBeInTheDocument();
  });

  it('lists Webhook under 系统 for a holder of webhook:manage, whose menu codes leave 系统 out', async () => {
    const webhookTable: Table = { id: 3, name: 'webhook', caption: 'Webhook', systemable: true, columns: [] };
    signIn({
      ...clerk,
      authorities: [
        { authority: 'ROLE_OPS' },
        { authority: 'webhook:manage' },
        { authority: 'business:webhook:*' },
        { authority: 'business:webhookDelivery:read' },
      ],
    });
    // the server's menu codes leave 系统 out for this role
    renderLayout(['business', 'systemBusiness'], [webhookTable]);
    const menu = await findMenu();
    // under 内置数据 (the table it may read) and under 系统, both to the generic list
    await waitFor(() => expect(within(menu).getAllByRole('link', { name: 'Webhook' })).toHaveLength(2), {
      timeout: 5000,
    });
    expect(within(menu).getByText('系统')).toBeInTheDocument();
    for (const link of within(menu).getAllByRole('link', { name: 'Webhook' }))
      expect(link).toHaveAttribute('href', '/dataSource/primary/business/webhook');
    expect(within(menu).queryByRole('link', { name: '审计日志' })).not.toBeInTheDocument();
  });

  it('offers no Webhook entry under 系统 to a clerk without webhook:manage', async () => {
    signIn({ ...clerk, authorities: [...clerk.authorities, { authority: 'audit:read' }] });
    renderLayout(['business', 'system'], []);
    const menu = await findMenu();
    expect(await within(menu).findByRole('link', { name: '审计日志' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Webhook' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: '定时任务' })).not.toBeInTheDocument();
  });

  it('lists 定时任务 under 系统 for a holder of schedule:manage, whose menu codes leave 系统 out', async () => {
    const scheduleTable: Table = {
      id: 4,
      name: 'schedule',
      caption: '定时任务',
      systemable: true,
      columns: [],
    };
    signIn({
      ...clerk,
      authorities: [
        { authority: 'ROLE_OPS' },
        { authority: 'schedule:manage' },
        { authority: 'business:schedule:*' },
        { authority: 'business:scheduleRun:read' },
      ],
    });
    renderLayout(['business', 'systemBusiness'], [scheduleTable]);
    const menu = await findMenu();
    // under 内置数据 (the table it may read) and under 系统, both to the generic list
    await waitFor(() => expect(within(menu).getAllByRole('link', { name: '定时任务' })).toHaveLength(2), {
      timeout: 5000,
    });
    expect(within(menu).getByText('系统')).toBeInTheDocument();
    for (const link of within(menu).getAllByRole('link', { name: '定时任务' }))
      expect(link).toHaveAttribute('href', '/dataSource/primary/business/schedule');
    expect(within(menu).queryByRole('link', { name: 'Webhook' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: '审计日志' })).not.toBeInTheDocument();
  });
});
