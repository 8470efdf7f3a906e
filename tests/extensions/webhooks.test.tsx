import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import type { Column, Principal, Table } from '../../contract';
import { BusinessListPage } from '../../src/business/pages/BusinessListPage';
import { extensionRegistry } from '../../src/extensions/registry';
import webhooks from '../../src/extensions/webhooks';
import { WebhookRecordActions } from '../../src/extensions/webhooks/WebhookRecordActions';
import { WebhookRowActions } from '../../src/extensions/webhooks/WebhookRowActions';
import { addTexts, changeLocale } from '../../src/providers/i18n-provider';
import { clearSession } from '../../src/store/session';
import { appProviders } from '../helpers/appProviders';
import { button, dialog, labelled } from '../helpers/dom';
import { installFakeHttp, type FakeHttp } from '../helpers/fakeHttp';
import { renderPage } from '../helpers/renderPage';
import { renderWithRefine } from '../helpers/renderWithRefine';
import { clerk, signIn, superAdmin } from '../helpers/session';

vi.setConfig({ testTimeout: 30_000 });

// the app adds the extensions' texts when it starts (RefineApp); these tests render without it
addTexts((locale) => extensionRegistry.locale(locale));

/** A role granted webhook:manage: the server lists the codes it stands for beside it. */
const manager: Principal = {
  ...clerk,
  id: 5,
  username: 'ops',
  roles: [{ id: 30, name: '运维', code: 'ROLE_OPS' }],
  authorities: [
    { authority: 'ROLE_OPS' },
    { authority: 'webhook:manage' },
    { authority: 'business:webhook:*' },
    { authority: 'business:webhookDelivery:read' },
    { authority: 'business:webhookDelivery:export' },
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

const deliveryTable: Table = {
  id: 40,
  name: 'webhookDelivery',
  caption: 'Webhook 投递',
  systemable: true,
  readOnly: true,
  primaryNames: ['id'],
  columns: [
    col(401, 'id', 'BIGINT', { caption: '编号', indexType: 'PRIMARY' }),
    col(402, 'webhookId', 'BIGINT', { caption: 'Webhook', queryable: true }),
    col(403, 'eventId', 'VARCHAR', { caption: '事件编号', displayable: true }),
    col(404, 'status', 'VARCHAR', { caption: '状态', queryable: true }),
    col(405, 'attempts', 'INT', { caption: '尝试次数' }),
  ],
};

const DELIVERIES = [
  { id: 7, webhookId: 3, eventId: 'evt-7', status: 'dead', attempts: 8 },
  { id: 8, webhookId: 3, eventId: 'evt-8', status: 'pending', attempts: 0 },
];

const LIST_URL = '/dataSource/primary/business/webhookDelivery';
const ROUTE = 'dataSource/:dataSource/business/:tableName';

let server: FakeHttp;

beforeEach(() => {
  server = installFakeHttp();
  server.on('GET', '/business/config', { data: [] });
  server.on('GET', '/metadata/tables/name/webhookDelivery', { data: deliveryTable });
  server.on('GET', '/metadata/tablerelations/fromTable/name/webhookDelivery', { data: [] });
  server.on('GET', '/metadata/tables/name/webhookDelivery/screen', {
    data: { formBuilders: [], extProperties: [] },
  });
  server.on('GET', '/business/webhookDelivery', { data: DELIVERIES });
  server.on('GET', '/business/webhookDelivery/count', { data: DELIVERIES.length });
  server.on('GET', '/flows/buttons', { data: [] });
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

/** The row's 重发 button, once the access answer is in. */
const resendOf = (key: number) => waitFor(() => button('重发', row(key)), { timeout: 5000 });

describe('the webhooks extension on the generic pages', () => {
  it('offers 重发 on each delivery of the list not already waiting, and sends it again once confirmed', async () => {
    signIn(manager);
    server.on('POST', '/webhooks/deliveries/7/replay', { data: { replayed: 1 } });
    await openList();
    fireEvent.click(await resendOf(7));
    expect([...row(8).querySelectorAll('button')].map((b) => b.textContent)).not.toContain('重 发');

    // nothing is sent before the confirmation
    const confirm = await dialog('重新发送这次投递？');
    expect(confirm).toHaveTextContent('它会重新排队，尽快发送给接收方。');
    expect(server.sent('POST', '/webhooks/deliveries/7/replay')).toHaveLength(0);
    const lists = server.sent('GET', '/business/webhookDelivery').length;
    fireEvent.click(button('重发', confirm));

    expect(await screen.findByText('已重新排队')).toBeInTheDocument();
    expect(server.sent('POST', '/webhooks/deliveries/7/replay')).toHaveLength(1);
    // the list is read again
    await waitFor(() =>
      expect(server.sent('GET', '/business/webhookDelivery').length).toBeGreaterThan(lists),
    );
    await waitFor(() =>
      expect(document.querySelector('.ant-modal-wrap:not([style*="none"]) .ant-modal')).toBeNull(),
    );
  });

  it("shows the server's reason when a resend is refused, and keeps the question open", async () => {
    signIn(manager);
    server.on('POST', '/webhooks/deliveries/7/replay', {
      status: 404,
      data: { code: 'NOT_FOUND', message: '记录不存在' },
    });
    await openList();
    fireEvent.click(await resendOf(7));
    const confirm = await dialog('重新发送这次投递？');
    fireEvent.click(button('重发', confirm));
    expect(await screen.findByText('重发失败：记录不存在')).toBeInTheDocument();
    // still there and not closing (its opening animation may still be under way in this DOM)
    expect(confirm.isConnected).toBe(true);
    expect(confirm.className).not.toMatch(/-leave/);
    expect(document.querySelector('.ant-modal-wrap[style*="none"] .ant-modal')).toBeNull();
  });

  it('offers no resend to a clerk who may read the deliveries but not manage webhooks', async () => {
    signIn(clerk);
    await openList();
    // the access answer has come: the row's actions are drawn, without 重发
    await waitFor(() => expect(labelled('更多操作', row(7))).toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(() => button('重发', row(7))).toThrow();
    expect(server.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('keeps the resend on a phone-wide screen as an icon in the record card', async () => {
    const wide = window.matchMedia;
    // a 390 px window, as antd's breakpoints ask it
    window.matchMedia = ((query: string) => {
      const min = /min-width:\s*(\d+)px/.exec(query);
      const max = /max-width:\s*(\d+)px/.exec(query);
      const matches = (!min || 390 >= Number(min[1])) && (!max || 390 <= Number(max[1]));
      return { ...wide(query), matches };
    }) as typeof window.matchMedia;
    try {
      signIn(manager);
      renderPage(<BusinessListPage />, { url: LIST_URL, route: ROUTE, ...appProviders });
      const cards = await waitFor(() => {
        const found = document.querySelectorAll('[data-record-card]');
        if (found.length !== 2) throw new Error('no cards yet');
        return [...found] as HTMLElement[];
      });
      const [dead, pending] = cards as [HTMLElement, HTMLElement];
      const icon = await waitFor(() => labelled<HTMLButtonElement>('重发', dead));
      expect(icon).not.toHaveTextContent('重发');
      expect(pending.querySelector('[aria-label="重发"]')).toBeNull();
      fireEvent.click(icon);
      expect(await dialog('重新发送这次投递？')).toBeInTheDocument();
    } finally {
      window.matchMedia = wide;
    }
  });

  it('answers for the two webhook tables of primary only', async () => {
    signIn(superAdmin);
    const record = { id: 7, status: 'dead' };
    renderWithRefine(
      <>
        <WebhookRowActions tableName="product" dataSource="primary" record={record} />
        <WebhookRowActions tableName="webhookDelivery" dataSource="archive" record={record} />
        <WebhookRecordActions tableName="webhook" dataSource="primary" />
        <WebhookRecordActions tableName="orders" dataSource="primary" recordId="7" />
      </>,
      appProviders,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector('.ant-app')).toBeEmptyDOMElement();
    expect(server.requests.filter((r) => r.url !== '/business/config')).toEqual([]);
  });

  it("resends a webhook's dead letters from its record page and tells how many went", async () => {
    signIn(manager);
    // answered in turn (an answer declared later is given first)
    server.once('POST', '/webhooks/3/replay', { data: { replayed: 0 } });
    server.once('POST', '/webhooks/3/replay', { data: { replayed: 2 } });
    renderWithRefine(
      <WebhookRecordActions tableName="webhook" dataSource="primary" recordId="3" />,
      appProviders,
    );
    expect(screen.getByRole('link', { name: /投递记录/ })).toHaveAttribute(
      'href',
      '/dataSource/primary/business/webhookDelivery?f.webhookId=3',
    );
    fireEvent.click(await waitFor(() => button('重发全部失败投递')));
    fireEvent.click(button('重发全部失败投递', await dialog('重新发送这个 Webhook 全部已放弃的投递？')));
    expect(await screen.findByText('已重新排队 2 条投递')).toBeInTheDocument();

    fireEvent.click(button('重发全部失败投递'));
    fireEvent.click(button('重发全部失败投递', await dialog('重新发送这个 Webhook 全部已放弃的投递？')));
    expect(await screen.findByText('没有已放弃的投递需要重发')).toBeInTheDocument();
    expect(server.sent('POST', '/webhooks/3/replay')).toHaveLength(2);
  });

  it('counts the dead letters sent again in English, one and several', async () => {
    await changeLocale('en-US');
    signIn(manager);
    server.once('POST', '/webhooks/3/replay', { data: { replayed: 4 } });
    server.once('POST', '/webhooks/3/replay', { data: { replayed: 1 } });
    renderWithRefine(
      <WebhookRowActions tableName="webhook" dataSource="primary" record={{ id: 3 }} />,
      appProviders,
    );
    const icon = await waitFor(() => labelled<HTMLButtonElement>('Resend dead letters'));
    fireEvent.click(icon);
    fireEvent.click(button('Resend dead letters', await dialog("Send this webhook's dead letters again?")));
    expect(await screen.findByText('1 delivery queued to send again')).toBeInTheDocument();
    fireEvent.click(icon);
    fireEvent.click(button('Resend dead letters', await dialog("Send this webhook's dead letters again?")));
    expect(await screen.findByText('4 deliveries queued to send again')).toBeInTheDocument();
  });

  it("shows a delivery's status on its page with 重发, which the read-only form does not disable", async () => {
    signIn(manager);
    server.on('GET', '/business/webhookDelivery/7', { data: DELIVERIES[0] });
    server.on('POST', '/webhooks/deliveries/7/replay', { data: { replayed: 1 } });
    renderWithRefine(
      <Form disabled>
        <WebhookRecordActions tableName="webhookDelivery" dataSource="primary" recordId="7" />
      </Form>,
      appProviders,
    );
    expect((await screen.findByText('已放弃')).closest('.ant-tag')).toHaveClass('ant-tag-error');
    const resend = await waitFor(() => button('重发'));
    expect(resend).toBeEnabled();
    fireEvent.click(resend);
    fireEvent.click(button('重发', await dialog('重新发送这次投递？')));
    expect(await screen.findByText('已重新排队')).toBeInTheDocument();
    // the record is read again
    await waitFor(() => expect(server.sent('GET', '/business/webhookDelivery/7').length).toBeGreaterThan(1));
  });

  it('offers no resend of a delivery already waiting to be sent', async () => {
    signIn(manager);
    server.on('GET', '/business/webhookDelivery/8', { data: DELIVERIES[1] });
    renderWithRefine(
      <WebhookRecordActions tableName="webhookDelivery" dataSource="primary" recordId="8" />,
      appProviders,
    );
    expect(await screen.findByText('待投递')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(() => button('重发')).toThrow();
  });

  it('has the same texts in both languages (English plurals apart)', () => {
    const keysOf = (value: unknown, prefix = ''): string[] =>
      typeof value === 'object' && value !== null
        ? Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key))
        : [prefix];
    const zh = keysOf(webhooks.locales['zh-CN']).sort();
    const en = keysOf(webhooks.locales['en-US']);
    const singular = (key: string) => key.replace(/_(one|other)$/, '');
    expect([...new Set(en.map(singular))].sort()).toEqual(zh);
    for (const key of en.filter((k) => k.endsWith('_one')))
      expect(en).toContain(key.replace(/_one$/, '_other'));
  });
});
