import { screen, waitFor } from '@testing-library/react';
import type { Table } from '../../contract';
import { RecordCount } from '../../src/home/RecordCount';
import { appProviders } from '../helpers/appProviders';
import { installFakeHttp, type FakeHttp } from '../helpers/fakeHttp';
import { renderWithRefine } from '../helpers/renderWithRefine';
import { clerk, signIn, superAdmin } from '../helpers/session';

const product: Table = {
  id: 1,
  name: 'product',
  primaryNames: ['id'],
  columns: [
    { id: 10, name: 'id', dataType: 'BIGINT' },
    { id: 11, name: 'isDeleted', dataType: 'BOOL' },
  ],
};

let server: FakeHttp;
beforeEach(() => {
  server = installFakeHttp();
});
afterEach(() => {
  expect(server.unexpected).toEqual([]);
  server.restore();
});

describe('RecordCount', () => {
  it('counts the live records through the data provider', async () => {
    signIn(superAdmin);
    server.on('GET', '/business/product', { data: [{ id: 1 }] });
    server.on('GET', '/business/product/count', { data: 42 });
    renderWithRefine(<RecordCount table={product} dataSource="primary" />, appProviders);
    expect(await screen.findByText('42 条记录')).toBeInTheDocument();
    // one request: a page of one key and the total
    expect(server.sent('GET', '/business/product')[0]?.params).toEqual({
      offset: '0',
      limit: '1',
      isDeleted: 'false',
      select: 'id',
      withTotal: 'true',
    });
    expect(server.sent('GET', '/business/product/count')).toEqual([]);
  });

  it('shows nothing when the count cannot be read', async () => {
    signIn({ ...clerk, authorities: [{ authority: 'ROLE_BUSINESS' }] });
    const { container } = renderWithRefine(
      <RecordCount table={{ ...product, columns: [] }} dataSource="primary" />,
      appProviders,
    );
    await waitFor(() => expect(container.querySelector('.ant-skeleton')).toBeNull());
    expect(container.textContent).toBe('');
    expect(server.sent('GET', '/business/product/count')).toEqual([]);
  });
});
