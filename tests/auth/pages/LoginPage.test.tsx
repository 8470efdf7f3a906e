import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AppThemeProvider } from '../../../src/common/components/AppThemeProvider';
import { LoginPage } from '../../../src/auth/pages/LoginPage';
import { appClient } from '../../../src/providers/app-client';
import { appConfigLoader } from '../../../src/store/useAppConfig';
import { installFakeHttp, type FakeHttp } from '../../helpers/fakeHttp';
import { signIn, superAdmin } from '../../helpers/session';

const { authProvider } = appClient();

let server: FakeHttp;

const renderLogin = (url = '/login') =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <AppThemeProvider>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/" element={<p>首页内容</p>} />
          <Route path="/about" element={<p>关于内容</p>} />
        </Routes>
      </AppThemeProvider>
    </MemoryRouter>,
  );

describe('LoginPage', { timeout: 30_000 }, () => {
  /** The server's answers; `signInOptions`: what GET /auth/providers gives. */
  const serve = (signInOptions: unknown = { providers: [], passwordSignIn: true }) => {
    server?.restore();
    server = installFakeHttp();
    server.on('GET', '/business/config', { data: [{ id: 1, key: 'appName', value: '演示系统' }] });
    server.on('GET', '/auth/providers', { data: signInOptions });
    // No session cookie from a single sign-on.
    server.on('GET', '/users/me', { status: 401, data: { message: 'unauthorized' } });
  };

  beforeEach(() => {
    appConfigLoader.reset();
    serve();
  });

  afterEach(() => {
    expect(server.unexpected).toEqual([]);
    server.restore();
    vi.restoreAllMocks();
  });

  it('welcomes with the configured app name and shows the two fields', async () => {
    renderLogin();
    expect(await screen.findByRole('heading', { name: '欢迎使用演示系统' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('用户名')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('密码')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: /登\s*录/ })).toBeInTheDocument();
  });

  it('shows both validation messages on an empty submit and does not call the server', async () => {
    const login = vi.spyOn(authProvider, 'login');
    const user = userEvent.setup({ delay: null });
    renderLogin();
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('用户名不能为空！')).toBeInTheDocument();
    expect(await screen.findByText('密码不能为空！')).toBeInTheDocument();
    expect(login).not.toHaveBeenCalled();
  });

  it('toggles the password visibility', async () => {
    const user = userEvent.setup({ delay: null });
    renderLogin();
    const password = screen.getByPlaceholderText('密码');
    await user.click(document.querySelector('.ant-input-password-icon') as Element);
    expect(password).toHaveAttribute('type', 'text');
  });

  it('shows the server error inline and stays on the page', async () => {
    vi.spyOn(authProvider, 'login').mockResolvedValue({
      success: false,
      error: new Error('用户名或密码错误'),
    });
    const user = userEvent.setup({ delay: null });
    renderLogin();
    await user.type(screen.getByPlaceholderText('用户名'), 'superadmin');
    await user.type(screen.getByPlaceholderText('密码'), 'wrong{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('用户名或密码错误');
    expect(screen.getByPlaceholderText('用户名')).toBeInTheDocument();
    // exactly one message: the inline one, no toast as well
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getAllByText('用户名或密码错误')).toHaveLength(1);
    expect(document.querySelector('.ant-message-notice')).toBeNull();
  });

  it('leaves no error behind after a failed attempt and a successful one', async () => {
    vi.spyOn(authProvider, 'login')
      .mockResolvedValueOnce({ success: false, error: new Error('用户名或密码错误') })
      .mockImplementationOnce(async () => {
        signIn(superAdmin);
        return { success: true, redirectTo: '/' };
      });
    const user = userEvent.setup({ delay: null });
    renderLogin();
    await user.type(screen.getByPlaceholderText('用户名'), 'superadmin');
    await user.type(screen.getByPlaceholderText('密码'), 'wrong{Enter}');
    await screen.findByRole('alert');
    await user.clear(screen.getByPlaceholderText('密码'));
    await user.type(screen.getByPlaceholderText('密码'), 'right{Enter}');
    expect(await screen.findByText('首页内容')).toBeInTheDocument();
    expect(screen.queryByText('用户名或密码错误')).toBeNull();
    expect(document.querySelector('.ant-message-notice')).toBeNull();
  });

  it('signs in with Enter and returns to the page the user came from', async () => {
    const login = vi.spyOn(authProvider, 'login').mockImplementation(async () => {
      signIn(superAdmin);
      return { success: true, redirectTo: '/' };
    });
    const user = userEvent.setup({ delay: null });
    renderLogin('/login?to=%2Fabout');
    await user.type(screen.getByPlaceholderText('用户名'), ' superadmin ');
    await user.type(screen.getByPlaceholderText('密码'), 'secret{Enter}');
    expect(await screen.findByText('关于内容')).toBeInTheDocument();
    expect(login).toHaveBeenCalledWith({ username: 'superadmin', password: 'secret' });
  });

  it('sends a signed-in user home', async () => {
    signIn(superAdmin);
    renderLogin();
    expect(await screen.findByText('首页内容')).toBeInTheDocument();
  });

  it('shows a button per single sign-on provider and a directory choice', async () => {
    serve({
      providers: [
        { id: 'corp', kind: 'oidc', name: 'Corp SSO' },
        { id: 'ad', kind: 'ldap', name: '公司目录' },
      ],
      passwordSignIn: true,
    });
    const login = vi
      .spyOn(authProvider, 'login')
      .mockResolvedValue({ success: false, error: new Error('x') });
    const user = userEvent.setup({ delay: null });
    renderLogin();
    const sso = await screen.findByRole('link', { name: /使用 Corp SSO 登录/ });
    expect(sso).toHaveAttribute('href', '/api/auth/sso/corp');
    expect(screen.getByText('本地账户')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: '目录' }));
    await user.click(await screen.findByTitle('公司目录'));
    await user.type(screen.getByPlaceholderText('用户名'), 'alice');
    await user.type(screen.getByPlaceholderText('密码'), 'pw{Enter}');
    await vi.waitFor(() =>
      expect(login).toHaveBeenCalledWith({ username: 'alice', password: 'pw', provider: 'ad' }),
    );
  });

  it('hides the password form when it is off, and shows why a single sign-on failed', async () => {
    serve({ providers: [{ id: 'corp', kind: 'oidc', name: 'Corp SSO' }], passwordSignIn: false });
    renderLogin('/login?error=sso_no_role');
    expect(await screen.findByRole('alert')).toHaveTextContent('您的账户在 crudboard 中没有对应的角色');
    expect(await screen.findByText(/已关闭本地账户的密码登录/)).toBeInTheDocument();
    expect(screen.queryByPlaceholderText('密码')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /使用 Corp SSO 登录/ })).toBeInTheDocument();
  });
});
