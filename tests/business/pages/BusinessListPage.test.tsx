import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Column, Relation, Table, TableRowCount } from '../../../contract';
import { BusinessListPage } from '../../../src/business/pages/BusinessListPage';
import { button, dialog, headers, labelled } from '../../helpers/dom';
import { installFakeHttp, type FakeHttp, type FakeRequest } from '../../helpers/fakeHttp';
import { appProviders } from '../../helpers/appProviders';
import { currentPath, renderPage } from '../../helpers/renderPage';
import { clerk, signIn, superAdmin } from '../../helpers/session';
import { changeLocale } from '../../../src/providers/i18n-provider';

vi.setConfig({ testTimeout: 30_000 });

const URL = '/dataSource/primary/business/product';
const ROUTE = 'dataSource/:dataSource/business/:tableName';

const col = (
  id: number,
  name: string,
  dataType: Column['dataType'],
  extra: Partial<Column> = {},
): Column => ({
  id,
  name,
  caption: extra.caption ?? name,
  dataType,
  ...extra,
});

const product: Table = {
  id: 1,
  name: 'product',
  caption: '产品',
  captions: { 'en-US': 'Products' },
  primaryNames: ['id'],
  columns: [
    col(10, 'id', 'BIGINT', { caption: '编号' }),
    col(11, 'name', 'VARCHAR', { caption: '名称', captions: { 'en-US': 'Name' }, queryable: true }),
    col(12, 'onSale', 'BOOL', { caption: '在售', queryable: true }),
    col(13, 'categoryId', 'BIGINT', { caption: '分类', queryable: true }),
    col(14, 'description', 'TEXT', { caption: '描述' }),
    col(15, 'password', 'PASSWORD', { caption: '密码' }),
    col(16, 'fullTextBody', 'LONGTEXT', { caption: '全文', indexType: 'FULLTEXT' }),
    col(17, 'manual', 'ATTACHMENT', { caption: '说明书' }),
    col(18, 'launchDate', 'DATE', { caption: '上市日期' }),
    col(19, 'createdDate', 'DATETIME', { caption: '创建时间', captions: { 'en-US': 'Created' } }),
    col(20, 'isDeleted', 'BOOL', { caption: '是否删除', queryable: true }),
  ],
};

const category: Table = {
  id: 2,
  name: 'category',
  caption: '分类',
  primaryNames: ['id'],
  columns: [
    col(30, 'id', 'BIGINT', { caption: '编号' }),
    col(31, 'title', 'VARCHAR', { caption: '标题', displayable: true }),
    col(32, 'code', 'VARCHAR', { caption: '代码', displayable: true }),
  ],
};

const relation: Relation = {
  name: 'category',
  relationType: 'ManyToOne',
  fromTable: { id: 1, name: 'product' },
  toTable: { id: 2, name: 'category' },
  fromColumn: { id: 13, name: 'categoryId' },
  toColumn: { id: 30, name: 'id' },
};

const record = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  name: `产品${id}`,
  onSale: id % 2 === 0,
  categoryId: 7,
  category: { id: 7, title: '水果', code: 'F' },
  description: 'd'.repeat(120),
  manual: id === 23 ? '/api/file/m23.png' : `/api/file/m${id}.pdf`,
  launchDate: '2024-03-05',
  createdDate: '2024-03-05 08:09:10',
  isDeleted: false,
  ...extra,
});

const ALL_PRODUCTS = Array.from({ length: 25 }, (_, i) => record(25 - i));
let PRODUCTS = ALL_PRODUCTS;
const CATEGORIES = [
  { id: 7, title: '水果', code: 'F' },
  { id: 9, title: '蔬菜', code: 'V' },
];

let server: FakeHttp;
let productTable: Table;
let layouts: unknown[];
/** Whether the server describes category to the signed-in user (else 403). */
let categoryReadable: boolean;
/** What the server says of product's row count (GET /metadata/tables/1/row-count). */
let rowCount: TableRowCount;

const pageOf = ({ params }: FakeRequest, rows: unknown[]) => {
  const offset = Number(params.offset ?? 0);
  return { data: rows.slice(offset, offset + Number(params.limit ?? 10)) };
};

/** The links the page clicked to download files (their navigation is stopped). */
let downloads: string[];
const catchDownload = (event: MouseEvent) => {
  const link = event.target as HTMLElement;
  if (link instanceof HTMLAnchorElement && link.hasAttribute('download')) {
    event.preventDefault();
    downloads.push(link.getAttribute('href') ?? '');
  }
};

beforeEach(() => {
  signIn(superAdmin);
  localStorage.removeItem('listColumns:superadmin:primary:product');
  downloads = [];
  document.addEventListener('click', catchDownload);
  PRODUCTS = ALL_PRODUCTS;
  productTable = product;
  layouts = [];
  rowCount = { owned: true, kept: true, estimatedRows: 25, notKept: null };
  server = installFakeHttp();
  server.on('GET', '/business/config', { data: [] });
  server.on('GET', '/metadata/tables/name/product', () => ({ data: productTable }));
  categoryReadable = true;
  server.on('GET', '/metadata/tables/name/category', () =>
    categoryReadable ? { data: category } : { status: 403, data: { code: 'FORBIDDEN', message: '没有权限' } },
  );
  server.on('GET', '/metadata/tablerelations/fromTable/name/product', { data: [relation] });
  server.on('GET', '/metadata/tablerelations/fromTable/name/category', { data: [] });
  server.on('GET', '/business/tableFormBuilder', ({ params }) => ({
    data: params.tableId === '1' ? layouts : [],
  }));
  server.on('GET', '/business/columnExtProperty', { data: [] });
  server.on('GET', '/metadata/tables/name/product/screen', () => ({
    data: { formBuilders: layouts, extProperties: [] },
  }));
  server.on('GET', '/metadata/tables/1/row-count', () => ({ data: rowCount }));
  server.on('GET', '/business/product', (request) => pageOf(request, PRODUCTS));
  server.on('GET', '/business/product/count', () => ({ data: PRODUCTS.length }));
  server.on('GET', '/business/category', (request) => pageOf(request, CATEGORIES));
  server.on('GET', '/business/category/count', { data: CATEGORIES.length });
  // no button flows on these tables (the flows' own tests have some)
  server.on('GET', '/flows/buttons', { data: [] });
  server.on('GET', '/business/product/history/latest', ({ params }) => ({
    data: (params.id ?? '')
      .split(',')
      .filter((key) => key === '25')
      .map((key) => ({
        key,
        revisionId: 9,
        action: 'update',
        time: Date.UTC(2026, 10, 28, 2, 30),
        user: { id: 3, name: '王五' },
        channel: 'web',
      })),
  }));
});
afterEach(() => {
  document.removeEventListener('click', catchDownload);
  expect(server.unexpected).toEqual([]);
  server.restore();
});

const row = (key: string | number) => document.querySelector(`tr[data-row-key="${key}"]`) as HTMLElement;
const selectRow = (key: number) =>
  fireEvent.click(row(key).querySelector('input[type="checkbox"]') as HTMLElement);
const lastList = (table = 'product') => server.sent('GET', `/business/${table}`).at(-1)?.params;
const cellsOf = (key: number) => [...row(key).querySelectorAll('td')].map((td) => td.textContent ?? '');

const open = async (page = <BusinessListPage />, url = URL) => {
  const view = renderPage(page, { url, route: ROUTE, ...appProviders });
  await waitFor(() => expect(document.querySelector('tr[data-row-key]')).not.toBeNull());
  return view;
};

const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, '');
/** The items of the open dropdown menu. */
const menuItems = () =>
  [...document.querySelectorAll('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item')].map(
    (item) => squash(item.textContent),
  );
/** Opens the ⋯ of a row (or another dropdown button) and clicks one of its items. */
const choose = async (trigger: HTMLElement, item: string) => {
  // A button busy with the previous action is disabled for a moment: a click then would be lost.
  await waitFor(() => expect(trigger.closest('button') ?? trigger).not.toBeDisabled(), { timeout: 5000 });
  fireEvent.click(trigger);
  const found = await waitFor(
    () => {
      const one = [
        ...document.querySelectorAll('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item'),
      ].find((li) => squash(li.textContent) === item);
      if (!one) throw new Error(`No menu item ${item}`);
      return one as HTMLElement;
    },
    // The menu opens with an animation, which takes longer on a loaded machine.
    { timeout: 5000 },
  );
  fireEvent.click(found);
};
const more = (key: number) => labelled<HTMLElement>('更多操作', row(key));
const VISIBLE = 'id,name,onSale,categoryId,description,manual,launchDate';

describe('BusinessListPage', () => {
  it('loads metadata in order, then the first page of 10 live records', async () => {
    await open();
    const urls = server.requests.map((r) => r.url).filter((u) => u !== '/business/config');
    expect(urls.slice(0, 6)).toEqual([
      '/metadata/tables/name/product',
      '/metadata/tablerelations/fromTable/name/product',
      '/metadata/tables/name/category',
      '/business/tableFormBuilder',
      // value dialogs, then the inputs and list cells chosen per column
      '/business/columnExtProperty',
      '/business/columnExtProperty',
    ]);
    // Beside the page with its total (one request), how the count is made (the super admin may
    // change the design), the table's button flows, and, once the page is there, who last changed
    // its records
    expect(urls.slice(6).sort()).toEqual([
      '/business/product',
      '/business/product/history/latest',
      '/flows/buttons',
      '/metadata/tables/1/row-count',
    ]);
    expect(server.sent('GET', '/business/product/history/latest')[0]?.params).toEqual({
      id: '25,24,23,22,21,20,19,18,17,16',
    });
    await waitFor(() => expect(row(25).getAttribute('title')).toMatch(/^王五 修改于 2026-11-28 \d\d:30:00$/));
    expect(row(24).getAttribute('title')).toBeNull();
    expect(lastList()).toEqual({ offset: '0', limit: '10', isDeleted: 'false', withTotal: 'true' });
    expect(screen.getByText('共 25 条记录 第 1 / 3 页')).toBeInTheDocument();
    expect(document.querySelectorAll('tbody tr[data-row-key]')).toHaveLength(10);
  });

  it('asks nobody who last changed the rows of a table whose history is off', async () => {
    productTable = { ...product, historyMode: 'off' };
    await open();
    await waitFor(() => expect(server.sent('GET', '/business/product')).toHaveLength(1));
    await screen.findByText('共 25 条记录 第 1 / 3 页');
    // the rows are there: a page that asked would have asked by now
    await act(() => new Promise((settle) => setTimeout(settle, 300)));
    expect(server.sent('GET', '/business/product/history/latest')).toEqual([]);
    expect(row(25).getAttribute('title')).toBeNull();
  });

  it('shows cells by type: 是/否, related titles, 查看 links, cut text, dates; no passwords', async () => {
    await open();
    expect(headers().slice(1)).toEqual([
      '编号',
      '名称',
      '在售',
      '分类',
      '描述',
      '说明书',
      '上市日期',
      '操作',
    ]);
    const cells = cellsOf(24).slice(1);
    expect(cells.slice(0, 5)).toEqual(['24', '产品24', '是', '水果', `${'d'.repeat(100)}...`]);
    expect(cells[6]).toBe('2024-03-05');
    expect(cellsOf(25)[3]).toBe('否');
    const link = row(24).querySelector('a') as HTMLAnchorElement;
    expect(link.textContent).toBe('查看');
    expect(link.getAttribute('href')).toBe('/api/file/m24.pdf');
    expect(link.getAttribute('target')).toBe('_blank');
    // a picture shows as a small thumbnail
    const image = row(23).querySelector('img') as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('/api/file/m23.png');
    expect(image.getAttribute('width')).toBe('32');
    expect(row(24).querySelector('img')).toBeNull();
  });

  it('says that a keyword search scans when the table has no search index', async () => {
    await open();
    expect(document.querySelector('[data-keyword-scans]')).toBeNull();
    cleanup();
    productTable = {
      ...product,
      columns: product.columns.filter((column) => column.indexType !== 'FULLTEXT'),
    };
    await open();
    expect(screen.getByLabelText(/此表没有搜索索引：关键字搜索会逐行扫描/)).toBeInTheDocument();
  });

  it('tells a designer that the total is counted row by row on a large table, and where to keep it', async () => {
    await open();
    await waitFor(() => expect(server.sent('GET', '/metadata/tables/1/row-count')).toHaveLength(1));
    expect(document.querySelector('[data-count-scans]')).toBeNull();
    cleanup();
    rowCount = { owned: false, kept: false, estimatedRows: 1_250_000, notKept: null };
    await open();
    const note = await screen.findByLabelText(/总数逐行计数：此表约 1,250,000 行/);
    expect(note.getAttribute('aria-label')).toContain('可在表设计的「行数统计」中保持精确行数。');
    cleanup();
    // A view cannot keep its count: the hint says so without the way out.
    rowCount = { owned: false, kept: false, estimatedRows: 1_250_000, notKept: 'view' };
    await open();
    const viewNote = await screen.findByLabelText(/总数逐行计数/);
    expect(viewNote.getAttribute('aria-label')).not.toContain('行数统计');
    cleanup();
    // A small table is counted quickly enough: nothing to say.
    rowCount = { owned: false, kept: false, estimatedRows: 5_000, notKept: null };
    await open();
    await waitFor(() => expect(server.sent('GET', '/metadata/tables/1/row-count')).toHaveLength(4));
    expect(document.querySelector('[data-count-scans]')).toBeNull();
  });

  it('does not ask how the total is counted for a user who may not change the design', async () => {
    signIn(clerk);
    rowCount = { owned: false, kept: false, estimatedRows: 1_250_000, notKept: null };
    await open();
    await screen.findByText(/共 25 条记录/);
    expect(server.sent('GET', '/metadata/tables/1/row-count')).toEqual([]);
    expect(document.querySelector('[data-count-scans]')).toBeNull();
  });

  it('uses the pc list layout for the columns when one is saved', async () => {
    layouts = [
      {
        id: 5,
        tableId: 1,
        device: 'pc',
        type: 'list',
        body: '[{"columnId":11},{"columnId":15},{"columnId":13}]',
      },
    ];
    await open();
    expect(headers().slice(1)).toEqual(['名称', '分类', '操作']);
  });

  it('queries with the keyword on Enter and the filters on 查询, and resets', async () => {
    await open();
    fireEvent.change(labelled('请输入关键字'), { target: { value: ' 苹果 ' } });
    fireEvent.keyDown(labelled('请输入关键字'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(lastList()).toEqual({
        offset: '0',
        limit: '10',
        search: '苹果',
        isDeleted: 'false',
        withTotal: 'true',
      }),
    );

    fireEvent.change(labelled('名称'), { target: { value: ' a， b ,, ' } });
    fireEvent.click(document.querySelector('[data-filter="onSale"] [title="否"]') as HTMLElement);
    fireEvent.click(button('查询'));
    await waitFor(() =>
      expect(lastList()).toEqual({
        offset: '0',
        limit: '10',
        search: '苹果',
        name: 'a,b',
        onSale: 'false',
        isDeleted: 'false',
        withTotal: 'true',
      }),
    );

    const before = server.sent('GET', '/business/product').length;
    fireEvent.click(button('重置'));
    await waitFor(() => expect(server.sent('GET', '/business/product').length).toBeGreaterThan(before));
    expect(lastList()).toEqual({ offset: '0', limit: '10', isDeleted: 'false', withTotal: 'true' });
    expect(labelled('请输入关键字')).toHaveValue('');
    expect(labelled('名称')).toHaveValue('');
  });

  it('filters a relation column with the keys picked in the relation picker', async () => {
    await open();
    fireEvent.click(labelled('选择 分类', document) as unknown as HTMLElement);
    const picker = await dialog('选择关联数据');
    await waitFor(() => expect(picker.querySelector('tr[data-row-key="9"]')).not.toBeNull());
    expect(lastList('category')).toEqual({ offset: '0', limit: '10', withTotal: 'true' });
    fireEvent.click(picker.querySelector('tr[data-row-key="9"] input') as HTMLElement);
    fireEvent.click(picker.querySelector('tr[data-row-key="7"] input') as HTMLElement);
    fireEvent.click(button('确定', picker));
    await waitFor(() => expect(labelled('分类')).toHaveValue('蔬菜, 水果'));
    fireEvent.click(button('查询'));
    await waitFor(() => expect(lastList()?.categoryId).toBe('9,7'));
  });

  it('deletes a row after 确认删除吗？ and soft-deletes after 确认软删除吗？', async () => {
    server.on('DELETE', '/business/product/25', { status: 204 });
    server.on('DELETE', '/business/product/24', { status: 204 });
    await open();
    expect(() => button('删除', row(25))).toThrow();
    await choose(more(25), '删除');
    const deleting = await dialog('确认删除吗？');
    expect(deleting).toHaveTextContent('将删除 “产品25”。');
    expect(deleting).toHaveTextContent('记录将被永久删除，无法恢复。');
    fireEvent.click(button('确定', deleting));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    expect(server.sent('DELETE', '/business/product/25')[0]?.params).toEqual({ isSoftDelete: 'false' });

    fireEvent.click(button('软删除', row(24)));
    const softDeleting = await dialog('确认软删除吗？');
    expect(softDeleting).toHaveTextContent('将软删除 “产品24”。');
    expect(softDeleting).toHaveTextContent('记录将移入回收站，可以在回收站中恢复。');
    fireEvent.click(button('确定', softDeleting));
    expect(await screen.findByText('软删除成功')).toBeInTheDocument();
    expect(server.sent('DELETE', '/business/product/24')[0]?.params).toEqual({ isSoftDelete: 'true' });
  });

  it('reports 删除失败 with the reason and keeps the dialog', async () => {
    server.on('DELETE', '/business/product/25', { status: 409, data: { message: '被引用' } });
    await open();
    await choose(more(25), '删除');
    fireEvent.click(button('确定', await dialog('确认删除吗？')));
    expect(await screen.findByText('删除失败：被引用')).toBeInTheDocument();
    expect(await dialog('确认删除吗？')).toBeInTheDocument();
  });

  it('keeps the selection across pages and batch soft-deletes it', async () => {
    server.on('DELETE', '/business/product', { status: 204 });
    await open();
    selectRow(25);
    selectRow(20);
    fireEvent.click(button('2'));
    await waitFor(() => expect(row(15)).not.toBeNull());
    selectRow(14);
    expect(screen.getByText('已选择 3 项')).toBeInTheDocument();
    fireEvent.click(button('1'));
    await waitFor(() => expect(row(25)).not.toBeNull());
    expect((row(25).querySelector('input') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(button('批量软删除'));
    const confirm = await dialog('确认软删除吗？');
    expect(confirm).toHaveTextContent('将软删除 “产品25”、“产品20”、“产品14”。');
    fireEvent.click(button('确定', confirm));
    expect(await screen.findByText('软删除成功')).toBeInTheDocument();
    const sent = server.sent('DELETE', '/business/product')[0];
    expect(sent?.params).toEqual({ isSoftDelete: 'true' });
    expect(sent?.body).toEqual(['25', '20', '14']);
    await waitFor(() => expect(screen.queryByText(/已选择/)).toBeNull());
  });

  it('exports the shown columns with the list filters, and a quick file just downloads', async () => {
    server.on('POST', '/business/product/export', { status: 201, data: '/download/p.xlsx' });
    await open();
    fireEvent.change(labelled('名称'), { target: { value: 'x' } });
    fireEvent.click(button('查询'));
    await waitFor(() => expect(lastList()?.name).toBe('x'));
    fireEvent.click(button('导出EXCEL'));
    await waitFor(() => expect(downloads).toEqual(['/download/p.xlsx']));
    expect(document.querySelector('.ant-modal')).toBeNull();
    expect(server.sent('POST', '/business/product/export')[0]?.params).toEqual({
      name: 'x',
      isDeleted: 'false',
      select: VISIBLE,
    });

    await choose(labelled<HTMLElement>('更多导出方式'), '导出EXCEL（全部列）');
    await waitFor(() => expect(downloads).toHaveLength(2));
    expect(server.sent('POST', '/business/product/export')[1]?.params).toEqual({
      name: 'x',
      isDeleted: 'false',
    });
  });

  it('shows a slow export with the time it takes, then downloads it by itself', async () => {
    let finish: () => void = () => undefined;
    server.on(
      'POST',
      '/business/product/export/xml',
      () => new Promise((done) => (finish = () => done({ status: 201, data: '/download/p.xml' }))),
    );
    await open();
    await choose(labelled<HTMLElement>('更多导出方式'), '导出XML');
    const progress = await waitFor(() => dialog('导出'), { timeout: 4000 });
    expect(progress).toHaveTextContent('生成中');
    expect(progress.querySelector('[role="timer"]')?.textContent).toMatch(/^已用时 \d+ 秒$/);
    expect(downloads).toEqual([]);
    act(() => finish());
    await waitFor(() => expect(downloads).toEqual(['/download/p.xml']));
    await waitFor(() =>
      expect(document.querySelector('.ant-modal-wrap:not([style*="none"]) .ant-modal')).toBeNull(),
    );
    expect(server.sent('POST', '/business/product/export/xml')[0]?.params).toEqual({
      isDeleted: 'false',
      select: VISIBLE,
      isDisplayCaption: 'true',
    });
  });

  it('only logs an export failure and closes the dialog', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.on('POST', '/business/product/export/xml', { status: 500, data: { message: 'boom' } });
    await open();
    await choose(labelled<HTMLElement>('更多导出方式'), '导出XML（全部列）');
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(document.querySelector('.ant-modal-title')).toBeNull();
    expect(downloads).toEqual([]);
    expect(server.sent('POST', '/business/product/export/xml')[0]?.params).toEqual({
      isDeleted: 'false',
      isDisplayCaption: 'true',
    });
    logged.mockRestore();
  });

  it('编辑 opens the record route', async () => {
    await open();
    fireEvent.click(button('编辑', row(24)));
    expect(currentPath()).toBe('/dataSource/primary/business/product/24');
  });

  it.each<[string, string]>([
    ['添加', '/dataSource/primary/business/product/new'],
    ['批量导入', '/dataSource/primary/business/product/import'],
  ])('%s opens %s', async (label, path) => {
    await open();
    fireEvent.click(button(label));
    expect(currentPath()).toBe(path);
  });

  it('shows the recycle bin and restores a record', async () => {
    server.on('POST', '/business/product/restore', { data: { restored: 1 } });
    await open();
    fireEvent.click(screen.getByTitle('回收站'));
    await waitFor(() =>
      expect(lastList()).toEqual({ offset: '0', limit: '10', isDeleted: 'true', withTotal: 'true' }),
    );
    await waitFor(() => expect(button('恢复', row(25))).toBeEnabled());
    expect(() => button('软删除', row(25))).toThrow();
    fireEvent.click(button('恢复', row(25)));
    fireEvent.click(button('确定', await dialog('确认恢复吗？')));
    expect(await screen.findByText('恢复成功')).toBeInTheDocument();
    // Restoring is its own call, not a PATCH of the flag (which forms may not edit).
    expect(server.sent('POST', '/business/product/restore')[0]?.body).toEqual(['25']);
    expect(server.sent('PATCH', '/business/product/25')).toEqual([]);
  });

  it('reads the recycle bin anew after a restore, not the read already on its way', async () => {
    let deleted = [record(25, { isDeleted: true }), record(24, { isDeleted: true })];
    let held: Promise<void> | null = null;
    let release = () => {};
    // What the database held when a read arrived, answered once `held` (if any) is released.
    const list = async (request: FakeRequest) => {
      const seen = request.params.isDeleted === 'true' ? deleted : PRODUCTS;
      if (held) await held;
      return request.url.endsWith('/count') ? { data: seen.length } : pageOf(request, seen);
    };
    for (let i = 0; i < 12; i += 1) {
      server.once('GET', '/business/product', list);
      server.once('GET', '/business/product/count', list);
    }
    server.on('POST', '/business/product/restore', () => {
      deleted = deleted.filter((one) => one.id !== 25);
      held = null;
      setTimeout(release, 300); // the earlier read answers after the write is acknowledged
      return { data: { restored: 1 } };
    });
    await open();
    fireEvent.click(screen.getByTitle('回收站'));
    await waitFor(() => expect(row(23)).toBeNull());
    await waitFor(() => expect(button('恢复', row(25))).toBeEnabled());
    // A read of the recycle bin starts (查询 again); it answers, with what it saw, after the restore.
    // The restore invalidates the resource's reads, which cancels the one under way, so the list shows the new state.
    held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const before = server.sent('GET', '/business/product').length;
    fireEvent.click(button('查询'));
    await waitFor(() => expect(server.sent('GET', '/business/product').length).toBe(before + 1));
    fireEvent.click(button('恢复', row(25)));
    fireEvent.click(button('确定', await dialog('确认恢复吗？')));
    expect(await screen.findByText('恢复成功')).toBeInTheDocument();
    await waitFor(() => expect(row(25)).toBeNull());
    expect(row(24)).not.toBeNull();
  });

  it('shows the raw JSON of a row', async () => {
    await open();
    await choose(more(25), '查看JSON');
    const viewer = await dialog('产品');
    expect(JSON.parse(viewer.querySelector('pre')?.textContent ?? '')).toEqual(PRODUCTS[0]);
  });

  it('hides add, edit, delete, import and export on a read-only table', async () => {
    productTable = { ...product, readOnly: true };
    await open();
    for (const label of ['添加', '编辑', '删除', '软删除', '批量删除', '批量软删除', '导出EXCEL', '批量导入'])
      expect(() => button(label)).toThrow();
    expect(() => labelled('更多导出方式')).toThrow();
    fireEvent.click(more(25));
    await waitFor(() => expect(menuItems()).toEqual(['查看JSON']));
  });

  it('hides them too when the page is read-only', async () => {
    await open(<BusinessListPage readOnly />);
    expect(() => button('添加')).toThrow();
    expect(() => button('编辑', row(25))).toThrow();
    fireEvent.click(more(25));
    await waitFor(() => expect(menuItems()).toEqual(['查看JSON']));
  });

  it('asks for the permissions of the table of the data source shown', async () => {
    // On another data source a permission names the table as <dataSource>.<table>.
    signIn({
      ...clerk,
      authorities: [
        { authority: 'ROLE_BUSINESS' },
        { authority: 'business:store.product:read' },
        { authority: 'business:store.product:create' },
        { authority: 'business:product:export' },
      ],
    });
    await open(<BusinessListPage />, '/dataSource/store/business/product').catch((e: unknown) => {
      console.log(
        'REQ',
        JSON.stringify(server.requests.map((r) => [r.url, r.params])),
        JSON.stringify(server.unexpected),
      );
      throw e;
    });
    await waitFor(() => expect(button('添加')).toBeInTheDocument());
    // primary's product is another table: its export right does not count here.
    expect(() => button('导出EXCEL')).toThrow();
  });

  it('shows a clerk who may not read the related table its records by key, filtered by typed keys', async () => {
    signIn({
      ...clerk,
      authorities: [{ authority: 'ROLE_BUSINESS' }, { authority: 'business:product:read' }],
    });
    categoryReadable = false;
    server.on('GET', '/users/me/table', { data: [product] });
    await open();
    expect(cellsOf(24)[4]).toBe('#7');
    // the layouts came from the table's screen settings, not crudboard's own records
    expect(server.sent('GET', '/metadata/tables/name/product/screen')).not.toEqual([]);
    expect(server.sent('GET', '/business/tableFormBuilder')).toEqual([]);
    expect(() => button('选择 分类')).toThrow();
    fireEvent.change(labelled('分类'), { target: { value: '7' } });
    fireEvent.click(button('查询'));
    await waitFor(() => expect(lastList()).toMatchObject({ categoryId: '7' }));
  });

  it('offers only what the user may do', async () => {
    signIn(clerk);
    await open();
    expect(() => button('添加')).toThrow();
    expect(() => button('软删除', row(25))).toThrow();
    expect(() => button('导出EXCEL')).toThrow();
    fireEvent.click(more(25));
    await waitFor(() => expect(menuItems()).toEqual(['查看JSON']));
  });

  it('shows three filters beside the keyword and the others under 更多筛选', async () => {
    await open();
    const shown = () =>
      [...document.querySelectorAll('[data-filter]')].map((f) => f.getAttribute('data-filter'));
    expect(shown()).toEqual(['name', 'onSale', 'categoryId']);
    fireEvent.click(button('更多筛选'));
    // the bookkeeping columns: when created, by range
    expect(shown()).toEqual(['name', 'onSale', 'categoryId', 'createdDate']);
    fireEvent.click(button('收起筛选'));
    expect(shown()).toHaveLength(3);
  });

  it('remembers the columns the user chooses, per user and table, until 恢复默认', async () => {
    const view = await open();
    fireEvent.click(button('列'));
    const chooser = await waitFor(() => labelled<HTMLElement>('列'));
    const box = (caption: string) =>
      [...chooser.querySelectorAll('label')]
        .find((label) => squash(label.textContent) === caption)
        ?.querySelector('input') as HTMLInputElement;
    expect(box('编号').checked).toBe(true);
    expect(box('创建时间').checked).toBe(false);
    fireEvent.click(box('创建时间'));
    fireEvent.click(box('描述'));
    await waitFor(() =>
      expect(headers().slice(1)).toEqual([
        '编号',
        '名称',
        '在售',
        '分类',
        '说明书',
        '上市日期',
        '创建时间',
        '操作',
      ]),
    );
    expect(JSON.parse(localStorage.getItem('listColumns:superadmin:primary:product') ?? '')).toEqual([
      'id',
      'name',
      'onSale',
      'categoryId',
      'manual',
      'launchDate',
      'createdDate',
    ]);
    view.unmount();

    await open();
    expect(headers()).toContain('创建时间');
    expect(headers()).not.toContain('描述');
    fireEvent.click(button('列'));
    fireEvent.click(button('恢复默认', await waitFor(() => labelled<HTMLElement>('列'))));
    await waitFor(() => expect(headers()).not.toContain('创建时间'));
    expect(localStorage.getItem('listColumns:superadmin:primary:product')).toBeNull();
  });

  it('starts from the keyword, filters, sort and page of the link', async () => {
    await open(
      <BusinessListPage />,
      `${URL}?q=%E8%8B%B9%E6%9E%9C&f.name=a%2Cb&f.onSale=false&f.createdDate=GE+2024-01-01+00%3A00%3A00&sort=-launchDate&page=2&size=5`,
    );
    expect(lastList()).toEqual({
      offset: '5',
      limit: '5',
      search: '苹果',
      name: 'a,b',
      onSale: 'false',
      createdDate: 'GE 2024-01-01 00:00:00',
      isDeleted: 'false',
      orderby: 'launchDate DESC',
      // The interface is in Chinese: text is ordered by pinyin.
      collation: 'pinyin',
      withTotal: 'true',
    });
    expect(labelled('请输入关键字')).toHaveValue('苹果');
    expect(labelled('名称')).toHaveValue('a,b');
    expect(document.querySelector('[data-filter="onSale"] .ant-segmented-item-selected')).toHaveTextContent(
      '否',
    );
    // a filter under 更多筛选 that is set opens them
    expect(document.querySelector('[data-filter="createdDate"]')).not.toBeNull();
    expect(screen.getByText('共 25 条记录 第 2 / 5 页')).toBeInTheDocument();
  });

  it('writes every change of the list back to the link', async () => {
    await open();
    expect(currentPath()).toBe(URL);
    fireEvent.change(labelled('名称'), { target: { value: 'x, y' } });
    fireEvent.change(labelled('请输入关键字'), { target: { value: '梨' } });
    fireEvent.click(button('查询'));
    await waitFor(() => expect(currentPath()).toBe(`${URL}?q=%E6%A2%A8&f.name=x%2Cy`));
    const launch = [...document.querySelectorAll('thead th')].find((th) => th.textContent === '上市日期');
    fireEvent.click(launch as HTMLElement);
    await waitFor(() => expect(lastList()?.orderby).toMatch(/^launchDate (ASC|DESC)$/));
    await waitFor(() => expect(currentPath()).toMatch(/sort=-?launchDate/));
    fireEvent.click(screen.getByTitle('回收站'));
    await waitFor(() => expect(currentPath()).toMatch(/view=recycle/));
    fireEvent.click(button('重置'));
    await waitFor(() => expect(currentPath()).not.toMatch(/q=|f\.name|view=/));
  });

  it('offers to add the first record to an empty table', async () => {
    PRODUCTS = [];
    renderPage(<BusinessListPage />, { url: URL, route: ROUTE, ...appProviders });
    expect(await screen.findByText('还没有记录')).toBeInTheDocument();
    fireEvent.click(await waitFor(() => button('添加第一条记录')));
    expect(currentPath()).toBe('/dataSource/primary/business/product/new');
  });

  it('says when filters match nothing, without offering to add', async () => {
    PRODUCTS = [];
    renderPage(<BusinessListPage />, { url: `${URL}?f.name=zz`, route: ROUTE, ...appProviders });
    expect(await screen.findByText('没有符合条件的记录')).toBeInTheDocument();
    // the user may add records (the toolbar offers it), but a filtered list is no empty table
    await waitFor(() => button('添加'));
    expect(() => button('添加第一条记录')).toThrow();
  });

  it('hides 添加 and 批量导入 in the recycle bin', async () => {
    await open();
    expect(button('添加')).toBeEnabled();
    fireEvent.click(screen.getByTitle('回收站'));
    await waitFor(() => expect(lastList()?.isDeleted).toBe('true'));
    expect(() => button('添加')).toThrow();
    expect(() => button('批量导入')).toThrow();
    expect(button('导出EXCEL')).toBeEnabled();
  });

  it('shows the captions of the UI language in English', async () => {
    await changeLocale('en-US');
    try {
      await open();
      expect(document.querySelector('h3')).toHaveTextContent('Products');
      expect(headers()).toContain('Name');
      expect(labelled('Name')).toBeInTheDocument();
      expect(button('Columns')).toBeEnabled();
    } finally {
      await changeLocale('zh-CN');
    }
  });

  it('shows the load failure of the table metadata with a retry', async () => {
    server.restore();
    server = installFakeHttp();
    server.on('GET', '/business/config', { data: [] });
    server.on('GET', '/metadata/tables/name/product', { status: 500, data: { message: '服务器错误' } });
    renderPage(<BusinessListPage />, { url: URL, route: ROUTE, ...appProviders });
    expect(await screen.findByText('服务器错误')).toBeInTheDocument();
    expect(button('重试')).toBeEnabled();
  });
  describe('a choice column', () => {
    const KIND_OPTIONS = [
      { value: 'classic', captions: { 'zh-CN': '经典', 'en-US': 'Classic' }, color: 'gold' },
      { value: 'scifi', captions: { 'zh-CN': '科幻', 'en-US': 'Science fiction' }, color: 'blue' },
      { value: 'poetry', captions: { 'zh-CN': '诗歌' } },
    ];
    const withChoices = () => {
      const [id, ...rest] = product.columns;
      productTable = {
        ...product,
        columns: [
          id as Column,
          col(40, 'kind', 'VARCHAR', { caption: '类别', queryable: true, options: KIND_OPTIONS }),
          col(41, 'labels', 'VARCHAR', {
            caption: '标签',
            multipleValue: true,
            options: [{ value: 'hot', color: 'red' }, { value: 'new' }],
          }),
          ...rest,
        ],
      };
      PRODUCTS = ALL_PRODUCTS.map((one) => ({
        ...one,
        kind: one.id % 2 === 0 ? 'scifi' : 'classic',
        labels: one.id === 25 ? 'hot,new' : null,
      }));
    };
    const tagsIn = (key: number) =>
      [...row(key).querySelectorAll('.ant-tag')].map((tag) => [tag.textContent, tag.className]);

    it('shows each value as a tag in its colour with its caption in the UI language', async () => {
      withChoices();
      await open();
      const tags = tagsIn(25);
      expect(tags.map(([text]) => text)).toEqual(['经典', 'hot', 'new']);
      expect(tags[0]?.[1]).toContain('ant-tag-gold');
      expect(tags[1]?.[1]).toContain('ant-tag-red');
      expect(tagsIn(24).map(([text]) => text)).toEqual(['科幻']);
      cleanup();
      await changeLocale('en-US');
      try {
        await open();
        expect(tagsIn(24).map(([text]) => text)).toEqual(['Science fiction']);
      } finally {
        await changeLocale('zh-CN');
      }
    });

    it('filters by options picked in a multi-select of the captions', async () => {
      withChoices();
      await open();
      const filter = document.querySelector('[data-filter="kind"]') as HTMLElement;
      fireEvent.mouseDown(filter.querySelector('.ant-select-selector') as HTMLElement);
      const option = async (text: string) =>
        waitFor(() => {
          const found = [...document.querySelectorAll('.ant-select-item-option')].find(
            (item) => item.textContent === text,
          );
          if (!found) throw new Error(`no option ${text}`);
          return found as HTMLElement;
        });
      expect(
        [...document.querySelectorAll('.ant-select-item-option')].map((item) => item.textContent),
      ).toEqual(['经典', '科幻', '诗歌']);
      fireEvent.click(await option('科幻'));
      fireEvent.click(await option('诗歌'));
      fireEvent.click(button('查询'));
      await waitFor(() => expect(lastList()).toMatchObject({ kind: 'scifi,poetry' }));
      expect([...filter.querySelectorAll('.ant-tag')].map((tag) => tag.textContent)).toEqual([
        '科幻',
        '诗歌',
      ]);
    });
  });
});
