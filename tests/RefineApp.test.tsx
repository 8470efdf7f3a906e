import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { AppRoutes } from '../src/RefineApp';
import { createAccessControlProvider, createAuthProvider } from '@crudboard/client';
import { resetRegisteredTables } from '../src/resources/useRegisteredTables';
import { appConfigLoader } from '../src/store/useAppConfig';
import { dataSourcesLoader } from '../src/store/useCurrentDataSource';
import { installFakeHttp, type FakeHttp } from './helpers/fakeHttp';
import { renderWithRefine, testDataProvider } from './helpers/renderWithRefine';
import { clerk, signedInPrincipal, signIn, superAdmin } from './helpers/session';

const PRODUCT = { id: 1, name: 'product', caption: '产品', columns: [] };

let server: FakeHttp;

const renderAt = (url: string, { guarded = false }: { guarded?: boolean } = {}) => {
  const custom = vi.fn(async ({ url }: { url: string }) => {
    const path = url.replace(/^\/api/, '');
    if (path === '/users/me') return { data: signedInPrincipal() };
    if (path === '/users/me/menu') return { data: [] };
    // The record form asks for the user's tables itself when it starts before the menu has them.
    if (path === '/users/me/table') return { data: [PRODUCT] };
    if (path === '/metadata/tables/name/product') throw Object.assign(new Error('403'), { statusCode: 403 });
    if (path === '/metadata/tablerelations/fromTable/name/product') return { data: [] };
    throw new Error(`unexpected custom ${path}`);
  });
  // The form's layouts and value dialogs: none saved.
  const getList = vi.fn(async ({ resource }: { resource: string }) => {
    if (resource === 'tableFormBuilder' || resource === 'columnExtProperty') return { data: [], total: 0 };
    throw new Error(`unexpected getList ${resource}`);
  });
  renderWithRefine(
    <Routes>
      <Route path="/login" element={<p>登录页</p>} />
      <Route path="*" element={<AppRoutes />} />
    </Routes>,
    {
      url,
      dataProvider: {
        default: testDataProvider({ custom: custom as never, getList: getList as never }),
        metadata: testDataProvider({ custom: custom as never }),
      },
      authProvider: createAuthProvider({ get: vi.fn(), post: vi.fn() } as never),
      // the app's own access control, on the signed-in session
      ...(guarded ? { accessControlProvider: createAccessControlProvider() } : {}),
    },
  );
};

describe('signed-in routes', { timeout: 30_000 }, () => {
  beforeEach(() => {
    appConfigLoader.reset();
    dataSourcesLoader.reset();
    resetRegisteredTables();
    // The open lookups (settings, data sources) go through the app's own providers.
    server = installFakeHttp();
    server.on('GET', '/business/config', { data: [] });
    server.on('GET', '/metadata/dataSources', { data: [{ name: 'primary', caption: '主数据源' }] });
  });

  afterEach(() => {
    expect(server.unexpected).toEqual([]);
    server.restore();
    vi.restoreAllMocks();
  });

  it('sends a visitor without a session to the login page', async () => {
    renderAt('/about');
    expect(await screen.findByText('登录页')).toBeInTheDocument();
    expect(window.location.search).toBe('?to=%2Fabout');
  });

  it('titles a planned record screen with the table caption', async () => {
    signIn(superAdmin);
    renderAt('/dataSource/primary/business/product/new');
    expect(await screen.findByRole('heading', { name: '添加产品' })).toBeInTheDocument();
  });

  it("shows the no-access page, not the page, at an extension page's address without its permission", async () => {
    signIn(clerk);
    renderAt('/dataSource/primary/ext/activity', { guarded: true });
    expect(await screen.findByText('抱歉，您无权访问此页面。')).toBeInTheDocument();
    // the page itself never rendered, so it asked nothing of the server (custom would throw)
    expect(screen.queryByRole('heading', { name: '最近动态' })).not.toBeInTheDocument();
  });

  it('shows the not-found page for unknown paths', async () => {
    signIn(superAdmin);
    renderAt('/no/such/page');
    expect(await screen.findByText('抱歉，您访问的页面不存在。')).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
  });

  it('shows the home page with the user, the data source and the tables', async () => {
    signIn(superAdmin);
    renderAt('/');
    expect(await screen.findByText('你好，超级管理员')).toBeInTheDocument();
    expect((await screen.findByText('product')).closest('a')).toHaveAttribute(
      'href',
      '/dataSource/primary/business/product',
    );
    expect(screen.getByText('主数据源 (primary)')).toBeInTheDocument();
    expect(screen.getByText('定义表、字段和索引').closest('a')).toHaveAttribute(
      'href',
      '/dataSource/primary/metadata/tables',
    );
  });
});
