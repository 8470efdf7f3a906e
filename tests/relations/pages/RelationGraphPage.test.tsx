import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MAX_LIMIT, type Relation, type Table } from '../../../contract';
import { RelationGraphPage } from '../../../src/relations/pages/RelationGraphPage';
import { appProviders } from '../../helpers/appProviders';
import { button } from '../../helpers/dom';
import { installFakeHttp, type FakeHttp } from '../../helpers/fakeHttp';
import { currentPath, renderPage } from '../../helpers/renderPage';

vi.setConfig({ testTimeout: 30_000 });

const URL = '/dataSource/primary/metadata/relations/graph';
const ROUTE = 'dataSource/:dataSource/metadata/relations/graph';

const TABLES: Table[] = [
  { id: 1, name: 'artist', caption: '歌手', columns: [{ id: 11, name: 'id', dataType: 'BIGINT' }] },
  {
    id: 2,
    name: 'album',
    caption: '专辑',
    columns: [
      { id: 21, name: 'id', dataType: 'BIGINT' },
      { id: 22, name: 'artistId', dataType: 'BIGINT' },
    ],
  },
  { id: 3, name: 'genre', caption: '流派', columns: [] },
];

const RELATIONS: Relation[] = [
  {
    id: 1,
    name: 'artist',
    relationType: 'ManyToOne',
    fromTable: { id: 2 },
    fromColumn: { id: 22 },
    toTable: { id: 1 },
    toColumn: { id: 11 },
  },
  {
    id: 2,
    name: 'albums',
    relationType: 'OneToMany',
    fromTable: { id: 1 },
    fromColumn: { id: 11 },
    toTable: { id: 2 },
    toColumn: { id: 22 },
  },
];

let server: FakeHttp;
beforeEach(() => {
  server = installFakeHttp();
  server.on('GET', '/business/config', { data: [] });
});
afterEach(() => {
  expect(server.unexpected).toEqual([]);
  server.restore();
});

describe('RelationGraphPage', () => {
  it('draws every table with its caption, name and column count; a click opens the table', async () => {
    server.on('GET', '/metadata/tables', { data: TABLES });
    server.on('GET', '/metadata/tablerelations', { data: RELATIONS });
    renderPage(<RelationGraphPage />, { url: URL, route: ROUTE, ...appProviders });
    expect(await screen.findByText('3 张表')).toBeInTheDocument();
    expect(screen.getByText('2 个关系')).toBeInTheDocument();
    expect(server.sent('GET', '/metadata/tablerelations')[0]?.params).toEqual({
      offset: '0',
      limit: String(MAX_LIMIT),
    });
    await waitFor(() => expect(document.querySelectorAll('.react-flow__node')).toHaveLength(3));
    const album = document.querySelector('.react-flow__node[data-id="table-2"]') as HTMLElement;
    expect(album).toHaveTextContent('专辑');
    expect(album).toHaveTextContent('album');
    expect(album).toHaveTextContent('2 个字段');
    // (edges and their labels need laid-out nodes, which jsdom does not measure: see the layout tests)
    fireEvent.click(album);
    await waitFor(() => expect(currentPath()).toBe('/dataSource/primary/metadata/tables/2'));
  });

  it('says when there are no relations yet', async () => {
    server.on('GET', '/metadata/tables', { data: TABLES });
    server.on('GET', '/metadata/tablerelations', { data: [] });
    renderPage(<RelationGraphPage />, { url: URL, route: ROUTE, ...appProviders });
    expect(await screen.findByText(/还没有表关系/)).toBeInTheDocument();
  });

  it('offers to create or reverse tables when there are none', async () => {
    server.on('GET', '/metadata/tables', { data: [] });
    server.on('GET', '/metadata/tablerelations', { data: [] });
    renderPage(<RelationGraphPage />, { url: URL, route: ROUTE, ...appProviders });
    expect(await screen.findByText('当前数据源还没有表')).toBeInTheDocument();
    fireEvent.click(button('数据库逆向'));
    expect(currentPath()).toBe('/dataSource/primary/metadata/tables/reverse');
  });
});
