import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { AppRoutes } from '../src/RefineApp';
import { createAuthProvider } from '../src/providers/auth-provider';
import { http } from '../src/providers/http';
import { resetRegisteredTables } from '../src/resources/useRegisteredTables';
import { appConfigLoader } from '../src/store/useAppConfig';
import { dataSourcesLoader } from '../src/store/useCurrentDataSource';
import { renderWithRefine, testDataProvider } from './helpers/renderWithRefine';
import { signIn, superAdmin } from './helpers/session';

const PRODUCT = { id: 1, name: 'product', caption: '产品', columns: [] };

const renderAt = (url: string) => {
  const custom = vi.fn(async ({ url: path }: { url: string }) => {
    if (path === '/api/users/me/menu') return { data: [] };
    if (path === '/api/users/me/table') return { data: [PRODUCT] };
    throw new Error(`unexpected custom ${path}`);
  });
  renderWithRefine(
    <Routes>
      <Route path="/login" element={<p>登录页</p>} />
      <Route path="*" element={<AppRoutes />} />
    </Routes>,
    {
      url,
      dataProvider: testDataProvider({ custom: custom as never }),
      authProvider: createAuthProvider({ get: vi.fn(), post: vi.fn() } as never),
    },
  );
};

describe('signed-in routes', { timeout: 30_000 }, () => {
  beforeEach(() => {
    appConfigLoader.reset();
    dataSourcesLoader.reset();
    resetRegisteredTables();
    vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
      if (url === '/business/config') return { data: [] };
      if (url === '/metadata/dataSources') return { data: [{ name: 'primary', caption: '主数据源' }] };
      // The record form asks for the user's tables itself when it starts before the menu has them.
      if (url === '/users/me/table') return { data: [PRODUCT] };
      if (url === '/metadata/tables/name/product') throw Object.assign(new Error('403'), { statusCode: 403 });
      throw new Error(`unexpected GET ${url}`);
    });
  });

  afterEach(() => {
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
