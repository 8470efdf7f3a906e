import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Relation } from '../../../contract';
import { RelationListPage } from '../../../src/relations/pages/RelationListPage';
import { button, dialog, headers } from '../../helpers/dom';
import { installFakeHttp, type FakeHttp } from '../../helpers/fakeHttp';
import { appProviders } from '../../helpers/appProviders';
import { currentPath, renderPage } from '../../helpers/renderPage';
import { signIn, superAdmin } from '../../helpers/session';

vi.setConfig({ testTimeout: 30_000 });

const URL = '/dataSource/primary/metadata/relations';
const ROUTE = 'dataSource/:dataSource/metadata/relations';

const relation = (id: number, name: string, relationType: Relation['relationType']): Relation => ({
  id,
  name,
  caption: `${name}关系`,
  relationType,
  fromTable: { id: 2, name: 'order', caption: '订单' },
  fromColumn: { id: 22, name: 'customerId' },
  toTable: { id: 1, name: 'customer', caption: '客户' },
  toColumn: { id: 11, name: 'id' },
});

const ROWS = [relation(2, 'customer', 'ManyToOne'), relation(1, 'orders', 'OneToMany')];

let server: FakeHttp;
beforeEach(() => {
  signIn(superAdmin);
  server = installFakeHttp();
  server.on('GET', '/business/config', { data: [] });
  server.on('GET', '/metadata/tablerelations', { data: ROWS });
  server.on('GET', '/metadata/tablerelations/count', { data: ROWS.length });
});
afterEach(() => {
  expect(server.unexpected).toEqual([]);
  server.restore();
});

const row = (id: number) => document.querySelector(`tr[data-row-key="${id}"]`) as HTMLElement;

const open = async () => {
  renderPage(<RelationListPage />, { url: URL, route: ROUTE, ...appProviders });
  await waitFor(() => expect(row(2)).not.toBeNull());
};

describe('RelationListPage', () => {
  it('lists relations with their type labels and ends', async () => {
    await open();
    expect(headers()).toEqual(['', '关系名称', '中文名称', '关系类型', '起始 → 目标', '操作']);
    expect(row(2)).toHaveTextContent('多对一');
    expect(row(1)).toHaveTextContent('一对多');
    expect(row(2)).toHaveTextContent('订单 order.customerId');
    expect(row(2)).toHaveTextContent('客户 customer.id');
    expect(server.sent('GET', '/metadata/tablerelations')[0]?.params).toEqual({ offset: '0', limit: '10' });
  });

  it('is named 关系 in its heading and trail, as in the menu', async () => {
    await open();
    expect(screen.getByRole('heading', { name: '关系' })).toBeInTheDocument();
    expect(screen.queryByText('表关系')).toBeNull();
  });

  it('opens the graph', async () => {
    await open();
    fireEvent.click(button('查看关系图'));
    expect(currentPath()).toBe(`${URL}/graph`);
  });

  it('batch-deletes the selection after 确认删除吗？', async () => {
    server.on('DELETE', '/metadata/tablerelations', { status: 204 });
    await open();
    fireEvent.click(row(1).querySelector('input[type="checkbox"]') as HTMLElement);
    fireEvent.click(row(2).querySelector('input[type="checkbox"]') as HTMLElement);
    fireEvent.click(button('批量删除'));
    fireEvent.click(button('删除', await dialog('确认删除吗？')));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    expect(server.sent('DELETE', '/metadata/tablerelations')[0]?.body).toEqual([1, 2]);
  });
});
