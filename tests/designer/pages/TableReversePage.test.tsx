import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { PhysicalTableSummary as PhysicalTable } from '../../../contract';
import { TableReversePage } from '../../../src/designer/pages/TableReversePage';
import { button, dialog, labelled } from '../../helpers/dom';
import { installFakeHttp, type FakeHttp } from '../../helpers/fakeHttp';
import { appProviders } from '../../helpers/appProviders';
import { renderPage } from '../../helpers/renderPage';

vi.setConfig({ testTimeout: 30_000 });

const URL = '/dataSource/chinook/metadata/tables/reverse';
const ROUTE = 'dataSource/:dataSource/metadata/tables/reverse';

let physical: PhysicalTable[];
let server: FakeHttp;
beforeEach(() => {
  physical = [
    { tableName: 'Album', comment: null },
    { tableName: 'Artist', comment: '歌手' },
    { tableName: 'Track', comment: null },
  ];
  server = installFakeHttp();
  server.on('GET', '/business/config', { data: [] });
  server.on('GET', '/metadata/tables/metadatas', () => ({ data: physical }));
  server.on('GET', '/users/me/table', { data: [] });
});
afterEach(() => {
  expect(server.unexpected).toEqual([]);
  server.restore();
});

const row = (name: string) => document.querySelector(`tr[data-row-key="${name}"]`) as HTMLElement | null;
const select = (name: string) =>
  fireEvent.click((row(name) as HTMLElement).querySelector('input[type="checkbox"]') as HTMLElement);

const open = async () => {
  renderPage(<TableReversePage />, { url: URL, route: ROUTE, ...appProviders });
  await waitFor(() => expect(row('Album')).not.toBeNull());
};

describe('TableReversePage', () => {
  it('lists the unmanaged tables and searches them in the browser', async () => {
    await open();
    expect(row('Artist')).toHaveTextContent('歌手');
    expect(screen.getByText('共 3 条记录 第 1 / 1 页')).toBeInTheDocument();
    fireEvent.change(labelled('请输入关键字'), { target: { value: 'tr' } });
    await waitFor(() => expect(row('Album')).toBeNull());
    expect(row('Track')).not.toBeNull();
    expect(server.sent('GET', '/metadata/tables/metadatas')).toHaveLength(1);
  });

  it('batch-reverses the selected tables with one partial call, links each, then refreshes', async () => {
    server.on('POST', '/metadata/tables/metadatas/reverse', ({ body }) => {
      physical = physical.filter((t) => !(body as string[]).includes(t.tableName));
      return {
        status: 201,
        data: {
          reversed: [
            { table: 'Album', id: 11 },
            { table: 'Artist', id: 12 },
          ],
          skipped: [],
          warnings: [],
        },
      };
    });
    await open();
    expect(button('批量逆向')).toBeDisabled();
    select('Album');
    select('Artist');
    fireEvent.click(button('批量逆向'));
    const confirm = await dialog('确认逆向吗？');
    expect(confirm).toHaveTextContent('将为选中的 2 张物理表生成元数据');
    expect(confirm).toHaveTextContent('Album, Artist');
    fireEvent.click(button('逆向', confirm));
    expect(await screen.findByText('逆向成功')).toBeInTheDocument();
    const sent = server.sent('POST', '/metadata/tables/metadatas/reverse')[0];
    expect(sent?.body).toEqual(['Album', 'Artist']);
    expect(sent?.params).toMatchObject({ partial: 'true' });
    const report = screen.getByTestId('reverse-report');
    expect(report).toHaveTextContent('已逆向 2 张表');
    // and where to change what names each table's records
    expect(report).toHaveTextContent('可在表设计的「标题字段」中更改');
    expect(screen.getByRole('link', { name: 'Artist' })).toHaveAttribute(
      'href',
      '/dataSource/chinook/metadata/tables/12',
    );
    await waitFor(() => expect(row('Album')).toBeNull());
    expect(row('Track')).not.toBeNull();
    expect(button('批量逆向')).toBeDisabled();
  });

  it('reverses one table from its row', async () => {
    server.on('POST', '/metadata/tables/metadatas/reverse', {
      status: 201,
      data: { reversed: [{ table: 'Track', id: 13 }], skipped: [], warnings: [] },
    });
    await open();
    fireEvent.click(screen.getByRole('button', { name: '逆向 Track' }));
    const confirm = await dialog('确认逆向吗？');
    expect(confirm).toHaveTextContent('将根据物理表“Track”生成元数据');
    fireEvent.click(button('逆向', confirm));
    expect(await screen.findByText('逆向成功')).toBeInTheDocument();
    expect(server.sent('POST', '/metadata/tables/metadatas/reverse')[0]?.body).toEqual(['Track']);
  });

  it('shows which tables were skipped and why, keeping them selected', async () => {
    server.on('POST', '/metadata/tables/metadatas/reverse', {
      status: 201,
      data: {
        reversed: [{ table: 'Album', id: 11 }],
        skipped: [{ table: 'Track', message: '不支持的类型 GEOMETRY' }],
        warnings: [],
      },
    });
    await open();
    select('Album');
    select('Track');
    fireEvent.click(button('批量逆向'));
    fireEvent.click(button('逆向', await dialog('确认逆向吗？')));
    const report = await screen.findByTestId('reverse-report');
    await waitFor(() => expect(report).toHaveTextContent('1 张表未能逆向'));
    expect(report).toHaveTextContent('Track：不支持的类型 GEOMETRY');
    expect(screen.getByRole('link', { name: 'Album' })).toBeInTheDocument();
    expect(screen.queryByText('逆向成功')).toBeNull();
    expect(screen.getByText('已选择 1 项')).toBeInTheDocument();
  });

  it('selects every matching table beyond the visible page', async () => {
    physical = Array.from({ length: 12 }, (_, i) => ({
      tableName: `T${String(i).padStart(2, '0')}`,
      comment: null,
    }));
    renderPage(<TableReversePage />, { url: URL, route: ROUTE, ...appProviders });
    await waitFor(() => expect(row('T00')).not.toBeNull());
    expect(row('T11')).toBeNull();
    fireEvent.click(document.querySelector('thead input[type="checkbox"]') as HTMLElement);
    // (a button found by its text: a role query walks the whole table, slowly in jsdom)
    fireEvent.click(await waitFor(() => button('选择全部 12 张表')));
    expect(await screen.findByText('已选择 12 项')).toBeInTheDocument();
    fireEvent.click(button('清除选择'));
    expect(button('批量逆向')).toBeDisabled();
  });

  it('reports a refused reverse with the server’s reason', async () => {
    server.on('POST', '/metadata/tables/metadatas/reverse', {
      status: 400,
      data: { code: 'VALIDATION_ERROR', message: '不支持的类型 GEOMETRY' },
    });
    await open();
    fireEvent.click(screen.getByRole('button', { name: '逆向 Track' }));
    fireEvent.click(button('逆向', await dialog('确认逆向吗？')));
    expect(await screen.findByText('逆向失败：不支持的类型 GEOMETRY')).toBeInTheDocument();
  });

  it('previews a table’s columns, indexes and foreign keys', async () => {
    server.on('GET', '/metadata/tables/metadatas/Album', {
      data: {
        tableName: 'Album',
        comment: '专辑',
        columns: [
          {
            name: 'AlbumId',
            type: 'INTEGER',
            nullable: false,
            key: 'PRI',
            default: null,
            autoIncrement: true,
            comment: null,
          },
          {
            name: 'Title',
            type: 'NVARCHAR(160)',
            nullable: false,
            key: '',
            default: null,
            autoIncrement: false,
          },
          {
            name: 'ArtistId',
            type: 'INTEGER',
            nullable: false,
            key: 'MUL',
            default: '0',
            autoIncrement: false,
          },
        ],
        indexs: [{ name: 'IFK_AlbumArtistId', unique: false, columns: ['ArtistId'], type: 'BTREE' }],
        foreignKeys: [{ column: 'ArtistId', refTable: 'Artist', refColumn: 'ArtistId' }],
      },
    });
    await open();
    fireEvent.click(button('预览', row('Album') as HTMLElement));
    const drawer = await waitFor(() => {
      const found = document.querySelector('.ant-drawer-content') as HTMLElement | null;
      if (!found?.textContent?.includes('NVARCHAR(160)')) throw new Error('preview not loaded');
      return found;
    });
    expect(drawer).toHaveTextContent('字段（3）');
    expect(drawer).toHaveTextContent('专辑');
    expect(drawer).toHaveTextContent('IFK_AlbumArtistId');
    expect(drawer).toHaveTextContent('Artist.ArtistId');
    expect(drawer).not.toHaveTextContent('没有主键');
  });

  it('says in the preview how a table without a primary key will be keyed, or that it will be read-only', async () => {
    const described = (recordKey: object) => ({
      data: {
        tableName: 'Album',
        comment: null,
        columns: [
          { name: 'code', type: 'TEXT', nullable: false, key: 'UNI', default: null, autoIncrement: false },
        ],
        indexs: [],
        foreignKeys: [],
        recordKey,
      },
    });
    server.on('GET', '/metadata/tables/metadatas/Album', described({ kind: 'unique', columns: ['code'] }));
    await open();
    fireEvent.click(button('预览', row('Album') as HTMLElement));
    expect(
      await screen.findByText('此表没有主键：逆向后以唯一索引（code）作为记录的键。'),
    ).toBeInTheDocument();
    cleanup();
    server.on('GET', '/metadata/tables/metadatas/Track', described({ kind: 'none', columns: [] }));
    await open();
    fireEvent.click(button('预览', row('Track') as HTMLElement));
    expect(await screen.findByText(/逆向后为只读/)).toBeInTheDocument();
  });

  it('marks a view apart from the tables', async () => {
    physical.push({ tableName: 'BigInvoices', comment: null, view: true });
    await open();
    expect(row('BigInvoices')).toHaveTextContent('视图');
    expect(row('Album')).not.toHaveTextContent('视图');
  });

  it('says when every table is managed', async () => {
    physical = [];
    renderPage(<TableReversePage />, { url: URL, route: ROUTE, ...appProviders });
    expect(await screen.findByText('数据库中的表都已纳入管理')).toBeInTheDocument();
  });
});
