import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Sequence } from '../../contract';
import { SequenceListPage } from '../../src/sequences/SequenceListPage';
import { button, dialog, headers } from '../helpers/dom';
import { installFakeHttp, type FakeHttp } from '../helpers/fakeHttp';
import { appProviders } from '../helpers/appProviders';
import { renderPage } from '../helpers/renderPage';
import { signIn, superAdmin } from '../helpers/session';

vi.setConfig({ testTimeout: 30_000 });

const ROWS: Sequence[] = [
  {
    id: 2,
    name: 'orderNo',
    caption: '订单号',
    sequenceType: 'STRING',
    format: 'SO_%09d',
    nextValue: 7,
    incrementBy: 1,
  },
  {
    id: 1,
    name: 'ticket',
    caption: '票号',
    sequenceType: 'LONG',
    nextValue: 100,
    incrementBy: 2,
    cycle: true,
  },
];

let server: FakeHttp;
beforeEach(() => {
  signIn(superAdmin);
  server = installFakeHttp();
  server.on('GET', '/business/config', { data: [] });
  server.on('GET', '/metadata/sequences', { data: ROWS });
  server.on('GET', '/metadata/sequences/count', { data: 2 });
});
afterEach(() => {
  expect(server.unexpected).toEqual([]);
  server.restore();
});

const row = (id: number) => document.querySelector(`tr[data-row-key="${id}"]`) as HTMLElement;

describe('SequenceListPage', () => {
  it('lists sequences with the crudapi labels and deletes one after 确认删除吗？', async () => {
    server.on('DELETE', '/metadata/sequences/1', { status: 204 });
    renderPage(<SequenceListPage />, {
      url: '/dataSource/primary/metadata/sequences',
      route: 'dataSource/:dataSource/metadata/sequences',
      ...appProviders,
    });
    await waitFor(() => expect(row(1)).not.toBeNull());
    expect(headers()).toEqual([
      '',
      '编码',
      '名称',
      '类型',
      '时间戳',
      '格式',
      '下一个值',
      '步长',
      '循环',
      '创建时间',
      '操作',
    ]);
    expect(row(2)).toHaveTextContent('字符串');
    expect(row(1)).toHaveTextContent('数字');
    fireEvent.click(button('删除', row(1)));
    const confirm = await dialog('确认删除吗？');
    expect(confirm.querySelector('[role="switch"]')).toBeNull();
    fireEvent.click(button('删除', confirm));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    expect(server.sent('DELETE', '/metadata/sequences/1')[0]?.params).toEqual({});
  });

  it('batch-deletes the selection with the ids as the body', async () => {
    server.on('DELETE', '/metadata/sequences', { status: 204 });
    renderPage(<SequenceListPage />, {
      url: '/dataSource/primary/metadata/sequences',
      route: 'dataSource/:dataSource/metadata/sequences',
      ...appProviders,
    });
    await waitFor(() => expect(row(1)).not.toBeNull());
    fireEvent.click(row(1).querySelector('input[type="checkbox"]') as HTMLElement);
    fireEvent.click(row(2).querySelector('input[type="checkbox"]') as HTMLElement);
    fireEvent.click(button('批量删除'));
    fireEvent.click(button('删除', await dialog('确认删除吗？')));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    expect(server.sent('DELETE', '/metadata/sequences')[0]?.body).toEqual([1, 2]);
  });
});
