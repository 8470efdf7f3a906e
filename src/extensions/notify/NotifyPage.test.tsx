import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Principal } from '../../../contract';
import { appProviders } from '../../../tests/helpers/appProviders';
import { installFakeHttp, type FakeHttp } from '../../../tests/helpers/fakeHttp';
import { renderWithRefine } from '../../../tests/helpers/renderWithRefine';
import { clerk, signIn } from '../../../tests/helpers/session';
import { addTexts, changeLocale } from '../../providers/i18n-provider';
import { clearSession } from '../../store/session';
import { extensionRegistry } from '../registry';
import { NotifyPage } from './NotifyPage';
import { tablesShown, type NotifyStatus } from './notify-status';

// the app adds the extensions' texts when it starts; this test renders the page without it
addTexts((locale) => extensionRegistry.locale(locale));

const STATUS: NotifyStatus = {
  configured: true,
  target: 'https://hooks.example.com',
  tables: ['product', 'order'],
  signed: true,
  timeoutMs: 5000,
  sent: 3,
  failed: 1,
  lastAt: Date.UTC(2025, 0, 2, 3, 4, 5),
  lastError: 'HTTP 500',
};

/** A user of a role granted `codes` (the server lists the codes beside the role). */
const holder = (...codes: string[]): Principal => ({
  ...clerk,
  id: 7,
  username: 'ops',
  roles: [{ id: 70, name: '运维', code: 'ROLE_OPS' }],
  authorities: [{ authority: 'ROLE_OPS' }, ...codes.map((authority) => ({ authority }))],
});

const READER = holder('ext:notify:read');
const MANAGER = holder('ext:notify:read', 'ext:notify:manage');

/** The server's refusal of the test: 502 with its reason. */
const refusal = (message: string) => ({ status: 502, data: { code: 'INTERNAL_ERROR', message } });

// The app's own providers over a fake server that answers only what a test declares: any other
// request is collected and fails the test.
let server: FakeHttp;

beforeEach(() => {
  server = installFakeHttp();
  // the page frame's title reads the app's name
  server.on('GET', '/business/config', { data: [] });
});

afterEach(async () => {
  expect(server.unexpected).toEqual([]);
  server.restore();
  clearSession();
  await changeLocale('zh-CN');
});

const render = (principal: Principal) => {
  signIn(principal);
  return renderWithRefine(<NotifyPage />, appProviders);
};

/** The page's requests to the extension, in order. */
const notifyCalls = () =>
  server.requests
    .filter((request) => request.url.startsWith('/ext/notify/'))
    .map((r) => `${r.method} ${r.url}`);

describe('tablesShown', () => {
  it('says every table, none, or the names', () => {
    expect(tablesShown('*')).toEqual({ kind: 'all' });
    expect(tablesShown([])).toEqual({ kind: 'none' });
    expect(tablesShown(['a', 'b'])).toEqual({ kind: 'some', names: 'a, b' });
  });
});

describe('NotifyPage', () => {
  it('tells the administrator which variables to set when the server has no URL, and offers no test', async () => {
    server.on('GET', '/ext/notify/status', {
      data: {
        ...STATUS,
        configured: false,
        target: null,
        tables: [],
        signed: false,
        sent: 0,
        failed: 0,
        lastAt: null,
        lastError: null,
      },
    });
    render(MANAGER);
    expect(await screen.findByText('尚未配置变更通知')).toBeInTheDocument();
    for (const name of ['URL', 'TABLES', 'SECRET', 'TIMEOUT_MS'])
      expect(screen.getByText(`CRUDBOARD_EXT_NOTIFY_${name}`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /发送测试通知/ })).not.toBeInTheDocument();
    expect(notifyCalls()).toEqual(['GET /ext/notify/status']);
  });

  it('shows the settings and counts, and no test button without ext:notify:manage', async () => {
    server.on('GET', '/ext/notify/status', { data: STATUS });
    render(READER);
    expect(await screen.findByText('https://hooks.example.com')).toBeInTheDocument();
    expect(screen.getByText('product, order')).toBeInTheDocument();
    expect(screen.getByText('已签名（X-Crudboard-Signature）')).toBeInTheDocument();
    expect(screen.getByText('HTTP 500')).toBeInTheDocument();
    expect(screen.getByText('5000 ms')).toBeInTheDocument();
    expect(screen.getByText('3')).toBeInTheDocument();
    expect(screen.getByText('1')).toBeInTheDocument();
    // once the access answer is in, still no button
    await waitFor(() => expect(screen.getByRole('button', { name: /刷新/ })).toBeInTheDocument());
    await new Promise((settle) => setTimeout(settle, 50));
    expect(screen.queryByRole('button', { name: /发送测试通知/ })).not.toBeInTheDocument();
  });

  it('warns that nothing is sent when no table is listed', async () => {
    server.on('GET', '/ext/notify/status', { data: { ...STATUS, tables: [] } });
    render(READER);
    expect(
      await screen.findByText('未列出任何表，不会发送通知：请设置 CRUDBOARD_EXT_NOTIFY_TABLES'),
    ).toBeInTheDocument();
  });

  it('sends a test notification, spins meanwhile, says it went through, and reads the counts again', async () => {
    let sent = 3;
    let answer: () => void = () => undefined;
    server.on('GET', '/ext/notify/status', () => ({ data: { ...STATUS, sent, lastError: null } }));
    server.on('POST', '/ext/notify/test', async (request) => {
      expect(request.body).toEqual({});
      await new Promise<void>((resolve) => (answer = resolve));
      sent += 1;
      return { data: { delivered: true, status: 204 } };
    });
    render(MANAGER);
    const button = await screen.findByRole('button', { name: /发送测试通知/ });
    fireEvent.click(button);
    await waitFor(() => expect(button).toHaveClass('ant-btn-loading'));
    answer();
    expect(await screen.findByText('测试通知已送达（接收方答复 204）')).toBeInTheDocument();
    await waitFor(() => expect(button).not.toHaveClass('ant-btn-loading'));
    expect(await screen.findByText('4')).toBeInTheDocument();
    expect(notifyCalls()).toEqual([
      'GET /ext/notify/status',
      'POST /ext/notify/test',
      'GET /ext/notify/status',
    ]);
  });

  it('shows the server’s reason when the receiver refuses the test', async () => {
    server.on('GET', '/ext/notify/status', { data: STATUS });
    server.on('POST', '/ext/notify/test', refusal('接收方未接受测试通知：HTTP 503'));
    render(MANAGER);
    fireEvent.click(await screen.findByRole('button', { name: /发送测试通知/ }));
    expect(await screen.findByText('测试通知发送失败：接收方未接受测试通知：HTTP 503')).toBeInTheDocument();
  });

  it('speaks English in an English session', async () => {
    await changeLocale('en-US');
    server.on('GET', '/ext/notify/status', { data: STATUS });
    server.on(
      'POST',
      '/ext/notify/test',
      refusal('The receiver did not accept the test notification: timeout'),
    );
    render(MANAGER);
    expect(await screen.findByText('https://hooks.example.com')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: /Send test notification/ }));
    expect(
      await screen.findByText(
        'The test notification failed: The receiver did not accept the test notification: timeout',
      ),
    ).toBeInTheDocument();
  });
});
