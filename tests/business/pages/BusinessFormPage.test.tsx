import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import type { Column, Relation, Table } from '../../../contract';
import { BusinessFormPage } from '../../../src/business/pages/BusinessFormPage';
import { appClient } from '../../../src/providers/app-client';
import { appProviders } from '../../helpers/appProviders';
import { button } from '../../helpers/dom';
import { installFakeHttp, type FakeHttp } from '../../helpers/fakeHttp';
import { currentPath, renderPage } from '../../helpers/renderPage';
import { signIn, superAdmin } from '../../helpers/session';
import { category, product, productDetail, productLine, relations } from '../lib/business-form-fixtures';

const { http } = appClient();

vi.setConfig({ testTimeout: 60_000 });

const LIST = '/dataSource/primary/business/product';
const ROUTE = 'dataSource/:dataSource/business/:tableName';

const stored = () => ({
  id: 5,
  name: '苹果',
  code: 'A1',
  price: '3.50',
  stock: 10,
  onSale: true,
  memo: '红富士',
  categoryId: 3,
  category: { id: 3, name: '水果' },
  createdDate: '2026-11-01 08:00:00',
  lastModifiedDate: '2026-11-02 09:30:00',
  lines: [{ id: 71, productId: 5, sku: 'S-1', qty: 2 }],
  detail: { id: 9, productId: 5, origin: '烟台', organic: true },
});

let server: FakeHttp;
let productTable: Table;
let layouts: unknown[];
let lineTable: Table;
let lineRelations: Relation[];

beforeEach(() => {
  signIn(superAdmin);
  productTable = product;
  layouts = [];
  lineTable = productLine;
  lineRelations = [];
  server = installFakeHttp();
  server.on('GET', '/business/config', { data: [] });
  server.on('GET', '/metadata/tables/name/product', () => ({ data: productTable }));
  server.on('GET', '/metadata/tables/name/category', { data: category });
  server.on('GET', '/metadata/tables/name/productLine', () => ({ data: lineTable }));
  server.on('GET', '/metadata/tables/name/productDetail', { data: productDetail });
  server.on('GET', '/metadata/tablerelations/fromTable/name/product', { data: relations });
  // the sub-tables' own relations (a record form picks their foreign keys too)
  server.on('GET', '/metadata/tablerelations/fromTable/name/productLine', () => ({ data: lineRelations }));
  server.on('GET', '/metadata/tablerelations/fromTable/name/productDetail', { data: [] });
  server.on('GET', '/business/tableFormBuilder', () => ({ data: layouts }));
  server.on('GET', '/business/columnExtProperty', { data: [] });
  server.on('GET', '/metadata/tables/name/product/screen', () => ({
    data: { formBuilders: layouts, extProperties: [] },
  }));
});
afterEach(() => {
  expect(server.unexpected).toEqual([]);
  server.restore();
});

const col = (name: string, dataType: Column['dataType'], extra: Partial<Column> = {}): Column => ({
  name,
  caption: name,
  dataType,
  nullable: true,
  insertable: true,
  updatable: true,
  ...extra,
});

const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(input(id), { target: { value } });
/** Labels marked required by antd. */
const requiredLabels = () =>
  [...document.querySelectorAll('.ant-form-item-required')].map((label) => label.textContent?.trim());

const openCreate = async () => {
  renderPage(<BusinessFormPage />, { url: `${LIST}/new`, route: `${ROUTE}/new`, ...appProviders });
  await waitFor(() => expect(input('name')).not.toBeNull());
};

const openEdit = async () => {
  renderPage(<BusinessFormPage />, { url: `${LIST}/5`, route: `${ROUTE}/:recId`, ...appProviders });
  await waitFor(() => expect(input('name')).not.toBeNull());
  await waitFor(() => expect(input('name').value).toBe('苹果'));
};

describe('BusinessFormPage — create', () => {
  it('shows insertable columns only, with required markers and one section per table', async () => {
    await openCreate();
    expect(requiredLabels()).toEqual(['名称', '编码', '口令', '产地']);
    for (const hidden of [
      'id',
      'createdDate',
      'lastModifiedDate',
      'createById',
      'ownerId',
      'isDeleted',
      'fullTextBody',
    ]) {
      expect(input(hidden)).toBeNull();
    }
    expect(input('memo').tagName).toBe('TEXTAREA');
    expect(input('secret')).toHaveAttribute('type', 'password');
    expect(screen.getByText('产品明细')).toBeInTheDocument();
    expect(screen.getByText('详情')).toBeInTheDocument();
    expect(input('detail_origin')).not.toBeNull();
    expect(input('detail_productId')).toBeNull();
  });

  it('checks required fields before sending anything', async () => {
    await openCreate();
    fireEvent.click(button('保存'));
    expect(await screen.findByText('名称不能为空')).toBeInTheDocument();
    expect(screen.getByText('口令不能为空')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('keeps invalid numbers as typed and says why, sending nothing', async () => {
    await openCreate();
    type('name', '苹果');
    type('price', 'abc');
    type('stock', '1.5');
    expect(await screen.findByText('请输入数字')).toBeInTheDocument();
    expect(await screen.findByText('请输入整数')).toBeInTheDocument();
    expect(input('price')).toHaveValue('abc');
    expect(input('stock')).toHaveValue('1.5');
    fireEvent.click(button('保存'));
    await waitFor(() => expect(screen.getByText('请输入数字')).toBeInTheDocument());
    expect(server.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('sends non-blank values with nested children, then returns to the list', async () => {
    server.on('POST', '/business/product', { status: 201, data: 42 });
    await openCreate();
    type('name', '苹果');
    type('code', 'A1');
    type('secret', 'pw');
    type('memo', '   ');
    type('detail_origin', '烟台');
    fireEvent.click(button('添加行'));
    await waitFor(() => expect(input('lines_0_sku')).not.toBeNull());
    type('lines_0_sku', 'S-1');
    type('lines_0_qty', '3');
    fireEvent.click(button('保存'));
    await waitFor(() => expect(currentPath()).toBe(LIST));
    expect(server.sent('POST', '/business/product')[0]?.body).toEqual({
      name: '苹果',
      code: 'A1',
      onSale: true,
      secret: 'pw',
      lines: [{ isNewRow: true, sku: 'S-1', qty: 3 }],
      detail: { origin: '烟台', organic: false },
    });
    expect(await screen.findByText('添加成功')).toBeInTheDocument();
  });

  it('saves a record again under the same key until it is added, and under a new one once changed', async () => {
    const failed = { status: 500, data: { message: '服务器出错了' } };
    server.once('POST', '/business/product', failed);
    await openCreate();
    type('name', '苹果');
    type('code', 'A1');
    type('secret', 'pw');
    fireEvent.click(button('保存'));
    expect(await screen.findByText('服务器出错了')).toBeInTheDocument();
    server.once('POST', '/business/product', failed);
    type('name', '梨');
    fireEvent.click(button('保存'));
    await waitFor(() => expect(server.sent('POST', '/business/product')).toHaveLength(2));
    server.on('POST', '/business/product', { status: 201, data: 42 });
    await waitFor(() => expect(button('保存')).toBeEnabled());
    fireEvent.click(button('保存'));
    await waitFor(() => expect(currentPath()).toBe(LIST));
    const keys = server.sent('POST', '/business/product').map((request) => request.idempotencyKey);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    // changed values are another record: another key; the same values saved again: the same key
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe(keys[1]);
  });

  it('returns to the list as it was left, keyword and filters kept', async () => {
    server.on('POST', '/business/product', { status: 201, data: 44 });
    const search = `?q=${encodeURIComponent('三体')}&f.onSale=true&page=2`;
    renderPage(<BusinessFormPage />, {
      url: `${LIST}/new`,
      route: `${ROUTE}/new`,
      state: { listSearch: search },
      ...appProviders,
    });
    await waitFor(() => expect(input('name')).not.toBeNull());
    type('name', 'n');
    type('code', 'c');
    type('secret', 's');
    fireEvent.click(button('保存'));
    await waitFor(() => expect(currentPath()).toBe(`${LIST}${search}`));
  });

  it('saves with Ctrl+S; Enter does not submit; an empty one-to-one section is optional', async () => {
    server.on('POST', '/business/product', { status: 201, data: 43 });
    await openCreate();
    type('name', 'n');
    type('code', 'c');
    type('secret', 's');
    fireEvent.keyDown(input('memo'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.keyDown(input('name'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.sent('POST', '/business/product')).toHaveLength(0);
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await waitFor(() => expect(server.sent('POST', '/business/product')).toHaveLength(1));
    // The one-to-one section left empty is optional: it neither blocks the save nor is sent.
    expect(server.sent('POST', '/business/product')[0]?.body).toEqual({
      name: 'n',
      code: 'c',
      onSale: true,
      secret: 's',
    });
  });

  it('orders and sizes fields by the saved create layout', async () => {
    layouts = [
      {
        id: 1,
        tableId: 1,
        device: 'pc',
        type: 'create',
        body: JSON.stringify([
          { columnId: 112, width: 6 },
          { columnId: 110, width: 18 },
        ]),
      },
    ];
    await openCreate();
    const ids = [...document.querySelectorAll('.ant-collapse-item')][0]!.querySelectorAll('input, textarea');
    const order = [...ids].map((element) => element.id).filter(Boolean);
    expect(order.slice(0, 2)).toEqual(['price', 'name']);
    expect(order).not.toContain('memo');
    expect(order).toEqual(expect.arrayContaining(['code', 'secret']));
    expect(input('price').closest('.ant-col-md-6')).not.toBeNull();
    expect(input('name').closest('.ant-col-md-18')).not.toBeNull();
    expect(input('code').closest('.ant-col-md-12')).not.toBeNull();
  });
});

describe('BusinessFormPage — edit', () => {
  beforeEach(() => {
    server.on('GET', '/business/product/5', () => ({ data: stored() }));
  });

  it('loads the record: non-updatable columns read-only, required only when updatable', async () => {
    await openEdit();
    expect(input('code')).toBeDisabled();
    expect(input('code').value).toBe('A1');
    expect(input('id')).toBeDisabled();
    expect(input('createdDate')).toBeDisabled();
    expect(input('fullTextBody')).toBeNull();
    expect(requiredLabels()).toEqual(['名称', '库存', '上架', '产地', '有机']);
    const headers = [...document.querySelectorAll('th')].map((th) => th.textContent);
    expect(headers).toContain('*货号');
    expect(headers).toContain('数量');
    expect(input('secret').value).toBe('');
    expect(input('secret')).toHaveAttribute('placeholder', '留空则不修改');
    expect(input('categoryId').value).toBe('水果');
    expect(input('lines_0_sku').value).toBe('S-1');
    expect(input('detail_origin').value).toBe('烟台');
  });

  it('sends the edited record with its children by key and the loaded lastModifiedDate', async () => {
    server.on('PATCH', '/business/product/5', { status: 200, data: null });
    await openEdit();
    type('name', '红苹果');
    type('memo', '');
    fireEvent.click(button('添加行'));
    await waitFor(() => expect(input('lines_1_sku')).not.toBeNull());
    type('lines_1_sku', 'S-2');
    fireEvent.click(button('保存'));
    await waitFor(() => expect(currentPath()).toBe(LIST));
    expect(server.sent('PATCH', '/business/product/5')[0]?.body).toEqual({
      name: '红苹果',
      price: '3.50',
      stock: 10,
      onSale: true,
      memo: null,
      categoryId: 3,
      lines: [
        { id: 71, sku: 'S-1', qty: 2 },
        { isNewRow: true, sku: 'S-2' },
      ],
      detail: { id: 9, origin: '烟台', organic: true },
      lastModifiedDate: '2026-11-02 09:30:00',
    });
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
  });

  it('edits a sub-table row’s key to a third table with the relation picker, shown by title', async () => {
    lineTable = {
      ...productLine,
      columns: [...productLine.columns, col('categoryId', 'BIGINT', { id: 313, caption: '品类编号' })],
    };
    lineRelations = [
      {
        id: 4,
        name: 'lineCategory',
        caption: '品类',
        relationType: 'ManyToOne',
        fromTable: { id: 3, name: 'productLine' },
        toTable: { id: 2, name: 'category' },
        fromColumn: { id: 313, name: 'categoryId' },
        toColumn: { id: 200, name: 'id' },
      },
    ];
    server.once('GET', '/business/product/5', {
      data: { ...stored(), lines: [{ id: 71, productId: 5, sku: 'S-1', qty: 2, categoryId: 3 }] },
    });
    // the row holds the key only: the title is read by key
    server.on('GET', '/business/category/all', { data: [{ id: 3, name: '水果' }] });
    server.on('PATCH', '/business/product/5', { status: 200, data: null });
    server.on('GET', '/metadata/tablerelations/fromTable/name/category', { data: [] });
    server.on('GET', '/business/category', {
      data: [
        { id: 3, name: '水果' },
        { id: 9, name: '蔬菜' },
      ],
    });
    server.on('GET', '/business/category/count', { data: 2 });
    await openEdit();
    await waitFor(() => expect(input('lines_0_categoryId').value).toBe('水果'));
    expect(server.sent('GET', '/business/category/all')[0]?.params).toEqual({ ids: '3' });
    const headers = [...document.querySelectorAll('th')].map((th) => th.textContent);
    expect(headers).toContain('品类');
    const cell = input('lines_0_categoryId').closest('td') as HTMLElement;
    fireEvent.click(button('选择', cell));
    const row = await waitFor(() => {
      const found = document.querySelector('.ant-modal tr[data-row-key="9"]');
      if (!found) throw new Error('no row 9');
      return found;
    });
    fireEvent.click(row.querySelector('input[type="radio"]') as HTMLElement);
    fireEvent.click(button('确定', document.querySelector('.ant-modal') as HTMLElement));
    await waitFor(() => expect(input('lines_0_categoryId').value).toBe('蔬菜'));
    fireEvent.click(button('保存'));
    await waitFor(() => expect(server.sent('PATCH', '/business/product/5')).toHaveLength(1));
    expect(server.sent('PATCH', '/business/product/5')[0]?.body).toMatchObject({
      lines: [{ id: 71, categoryId: 9 }],
    });
  });

  it('picks a related record in the relation picker and sends its key', async () => {
    server.on('PATCH', '/business/product/5', { status: 200, data: null });
    server.on('GET', '/metadata/tablerelations/fromTable/name/category', { data: [] });
    server.on('GET', '/business/category', {
      data: [
        { id: 3, name: '水果' },
        { id: 9, name: '蔬菜' },
      ],
    });
    server.on('GET', '/business/category/count', { data: 2 });
    await openEdit();
    fireEvent.click(button('选择'));
    const row = await waitFor(() => {
      const found = document.querySelector('tr[data-row-key="9"]');
      if (!found) throw new Error('no row 9');
      return found;
    });
    fireEvent.click(row.querySelector('input[type="radio"]') as HTMLElement);
    fireEvent.click(button('确定', document.querySelector('.ant-modal') as HTMLElement));
    await waitFor(() => expect(input('categoryId').value).toBe('蔬菜'));
    fireEvent.click(button('保存'));
    await waitFor(() => expect(server.sent('PATCH', '/business/product/5')).toHaveLength(1));
    expect(server.sent('PATCH', '/business/product/5')[0]?.body).toMatchObject({ categoryId: 9 });
  });

  it('deleting a sub-table row leaves it out of the body', async () => {
    server.on('PATCH', '/business/product/5', { status: 200, data: null });
    await openEdit();
    fireEvent.click(document.querySelector('[aria-label="删除行"]') as HTMLElement);
    await waitFor(() => expect(input('lines_0_sku')).toBeNull());
    fireEvent.click(button('保存'));
    await waitFor(() => expect(server.sent('PATCH', '/business/product/5')).toHaveLength(1));
    expect((server.sent('PATCH', '/business/product/5')[0]?.body as { lines: unknown[] }).lines).toEqual([]);
  });

  it('a sub-table the record holds only in part is read-only under a note and never sent', async () => {
    server.once('GET', '/business/product/5', () => ({
      data: {
        ...stored(),
        $truncated: { lines: { embedded: 1, total: 1200, next: '/api/business/productLine?productId=5' } },
      },
    }));
    server.on('PATCH', '/business/product/5', { status: 200, data: null });
    await openEdit();
    expect(screen.getByText(/仅显示前 1 条，共 1200 条子记录/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /打开子表/ })).toHaveAttribute(
      'href',
      '/dataSource/primary/business/productLine',
    );
    expect(input('lines_0_sku')).toBeDisabled();
    expect(screen.queryByRole('button', { name: '添加行' })).toBeNull();
    expect(document.querySelector('[aria-label="删除行"]')).toBeNull();
    // The rest of the record is edited and saved as usual.
    expect(input('detail_origin')).not.toBeDisabled();
    type('name', '红苹果');
    fireEvent.click(button('保存'));
    await waitFor(() => expect(server.sent('PATCH', '/business/product/5')).toHaveLength(1));
    const body = server.sent('PATCH', '/business/product/5')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: '红苹果', detail: { id: 9, origin: '烟台', organic: true } });
    expect(body).not.toHaveProperty('lines');
    expect(body).not.toHaveProperty('$truncated');
  });

  it('shows the server field errors on their fields', async () => {
    server.on('PATCH', '/business/product/5', {
      status: 400,
      data: {
        code: 'VALIDATION_ERROR',
        message: '参数错误',
        errors: { name: '名称已存在', 'lines.0.sku': '货号太长', detail: '不是对象' },
      },
    });
    await openEdit();
    fireEvent.click(button('保存'));
    expect(await screen.findByText('名称已存在')).toBeInTheDocument();
    expect(screen.getByText('货号太长')).toBeInTheDocument();
    expect(await screen.findByText('参数错误；detail: 不是对象')).toBeInTheDocument();
    expect(currentPath()).toBe(`${LIST}/5`);
  });

  it('a stale save (409) offers to reload the stored record', async () => {
    server.on('PATCH', '/business/product/5', {
      status: 409,
      data: { code: 'CONFLICT', message: '保存前记录已被更新（2026-11-02 09:31:00）' },
    });
    await openEdit();
    type('name', '我的修改');
    fireEvent.click(button('保存'));
    expect(
      await screen.findByText('记录已被修改', { selector: '.ant-modal-confirm-title' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/保存前记录已被更新（2026-11-02 09:31:00）/)).toBeInTheDocument();
    server.once('GET', '/business/product/5', { data: { ...stored(), name: '别人的修改' } });
    fireEvent.click(button('重新加载'));
    await waitFor(() => expect(input('name')?.value).toBe('别人的修改'));
    expect(server.sent('GET', '/business/product/5')).toHaveLength(2);
    expect(currentPath()).toBe(`${LIST}/5`);
  });

  it('a user who may read the table but not update it gets the record without save, told why', async () => {
    signIn({
      ...superAdmin,
      id: 3,
      username: 'reader',
      roles: [{ id: 30, name: '读者', code: 'ROLE_READER' }],
      authorities: [
        { authority: 'ROLE_READER' },
        { authority: 'business:product:read' },
        { authority: 'business:category:read' },
        { authority: 'business:productLine:read' },
        { authority: 'business:productDetail:read' },
      ],
    });
    await openEdit();
    expect(screen.getByText('您没有修改该表记录的权限，只能查看。')).toBeInTheDocument();
    expect(() => button('保存')).toThrow();
    expect(input('name')).toBeDisabled();
  });

  it('a read-only table shows the record without save', async () => {
    productTable = { ...product, readOnly: true };
    await openEdit();
    expect(screen.getByText('该表为只读表，不能修改。')).toBeInTheDocument();
    expect(() => button('保存')).toThrow();
    expect(input('name')).toBeDisabled();
    expect(document.querySelector('[aria-label="删除行"]')).toBeNull();
  });

  const leaveDialog = async () =>
    (await screen.findByText('放弃未保存的更改？', { selector: '.ant-modal-confirm-title' })).closest(
      '.ant-modal',
    ) as HTMLElement;

  it('asks before leaving with unsaved changes, in the app’s own dialog', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockImplementation(() => {
      throw new Error('the browser dialog must not be used');
    });
    await openEdit();
    type('name', 'changed');
    fireEvent.click(button('取消'));
    const ask = await leaveDialog();
    expect(ask).toHaveTextContent('确定要离开吗？您有未保存的更改。');
    fireEvent.click(button('留下', ask));
    await waitFor(() => expect(screen.queryByText('放弃未保存的更改？')).toBeNull());
    expect(currentPath()).toBe(`${LIST}/5`);
    fireEvent.click(button('取消'));
    fireEvent.click(button('离开', await leaveDialog()));
    await waitFor(() => expect(currentPath()).toBe(LIST));
    expect(confirm).not.toHaveBeenCalled();
    confirm.mockRestore();
  });
});

describe('BusinessFormPage — choice columns', () => {
  const withChoices = () => {
    productTable = {
      ...product,
      columns: [
        ...product.columns,
        col('kind', 'VARCHAR', {
          id: 130,
          caption: '类别',
          options: [
            { value: 'classic', captions: { 'zh-CN': '经典', 'en-US': 'Classic' }, color: 'gold' },
            { value: 'scifi', captions: { 'zh-CN': '科幻' }, color: 'blue' },
          ],
        }),
        col('labels', 'VARCHAR', {
          id: 131,
          caption: '标签',
          multipleValue: true,
          options: [{ value: 'hot', color: 'red' }, { value: 'new' }, { value: 'signed' }],
        }),
      ],
    };
  };
  const openSelect = (id: string) =>
    fireEvent.mouseDown(
      input(id).closest('.ant-select')?.querySelector('.ant-select-selector') as HTMLElement,
    );
  const pick = async (text: string) => {
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')].find(
        (item) => item.textContent === text && !item.closest('.ant-select-dropdown-hidden'),
      );
      if (!found) throw new Error(`no option ${text}`);
      return found as HTMLElement;
    });
    fireEvent.click(option);
  };

  it('offers the options in a dropdown (several for a multiple choice) and sends their values', async () => {
    withChoices();
    server.on('POST', '/business/product', { status: 201, data: 45 });
    await openCreate();
    type('name', 'n');
    type('code', 'c');
    type('secret', 's');
    openSelect('kind');
    await pick('科幻');
    openSelect('labels');
    await pick('signed');
    await pick('hot');
    const chosen = input('labels').closest('.ant-select') as HTMLElement;
    expect([...chosen.querySelectorAll('.ant-tag')].map((tag) => tag.textContent)).toEqual(['signed', 'hot']);
    expect(chosen.querySelector('.ant-tag-red')).toHaveTextContent('hot');
    fireEvent.click(button('保存'));
    await waitFor(() => expect(server.sent('POST', '/business/product')).toHaveLength(1));
    expect(server.sent('POST', '/business/product')[0]?.body).toMatchObject({
      kind: 'scifi',
      labels: 'signed,hot',
    });
  });

  it('shows the stored values by their captions and clears them with null', async () => {
    withChoices();
    server.on('GET', '/business/product/5', () => ({
      data: { ...stored(), kind: 'classic', labels: 'new,hot' },
    }));
    server.on('PATCH', '/business/product/5', { data: null });
    await openEdit();
    const kind = input('kind').closest('.ant-select') as HTMLElement;
    expect(kind.querySelector('.ant-select-selection-item')).toHaveTextContent('经典');
    const labels = input('labels').closest('.ant-select') as HTMLElement;
    expect([...labels.querySelectorAll('.ant-tag')].map((tag) => tag.textContent)).toEqual(['new', 'hot']);
    fireEvent.mouseEnter(kind);
    const clear = await waitFor(() => {
      const found = kind.querySelector('.ant-select-clear');
      if (!found) throw new Error('no clear button');
      return found as HTMLElement;
    });
    fireEvent.mouseDown(clear);
    fireEvent.click(clear);
    fireEvent.click(button('保存'));
    await waitFor(() => expect(server.sent('PATCH', '/business/product/5')).toHaveLength(1));
    expect(server.sent('PATCH', '/business/product/5')[0]?.body).toMatchObject({
      kind: null,
      labels: 'new,hot',
    });
  });
});

describe('BusinessFormPage — attachments', () => {
  /** Holds `POST /file` until `release` is called, then lets the fake server answer it. */
  const holdUploads = () => {
    const inner = http.defaults.adapter as AxiosAdapter;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    http.defaults.adapter = async (config) => {
      if (config.url === '/file') await gate;
      return inner(config);
    };
    return () => release();
  };

  const withAttachment = () => {
    productTable = {
      ...product,
      columns: [...product.columns, col('photo', 'ATTACHMENT', { id: 118, caption: '照片' })],
    };
  };

  const chooseAndUpload = async () => {
    const picker = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(picker, { target: { files: [new File(['abc'], 'a.png')] } });
  };

  it('holds save while a file uploads and sends its url once it is done', async () => {
    withAttachment();
    server.on('POST', '/file', { status: 201, data: { url: '/download/a.png', name: 'a.png', size: 3 } });
    server.on('POST', '/business/product', { status: 201, data: 44 });
    const release = holdUploads();
    await openCreate();
    type('name', 'n');
    type('code', 'c');
    type('secret', 's');
    await chooseAndUpload();
    expect(await screen.findByText('a.png 上传中')).toBeInTheDocument();
    expect(button('保存')).toBeDisabled();
    expect(screen.getByText('文件上传完成后才能保存')).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.sent('POST', '/business/product')).toHaveLength(0);

    release();
    expect(await screen.findByText('a.png')).toBeInTheDocument();
    await waitFor(() => expect(button('保存')).toBeEnabled());
    expect(screen.queryByText('文件上传完成后才能保存')).toBeNull();
    fireEvent.click(button('保存'));
    await waitFor(() => expect(server.sent('POST', '/business/product')).toHaveLength(1));
    expect(server.sent('POST', '/business/product')[0]?.body).toMatchObject({ photo: '/download/a.png' });
  });

  it('enables save again when the upload fails', async () => {
    withAttachment();
    server.on('POST', '/file', { status: 500, data: { message: 'boom' } });
    const release = holdUploads();
    await openCreate();
    await chooseAndUpload();
    await waitFor(() => expect(button('保存')).toBeDisabled());
    release();
    expect(await screen.findByText('a.png 上传失败：boom')).toBeInTheDocument();
    await waitFor(() => expect(button('保存')).toBeEnabled());
    expect(screen.queryByText('文件上传完成后才能保存')).toBeNull();
  });
});

describe('BusinessFormPage — a role', () => {
  const role: Table = {
    id: 30,
    name: 'role',
    caption: '角色',
    systemable: true,
    primaryNames: ['id'],
    columns: [
      col('id', 'BIGINT', { id: 300, insertable: false, autoIncrement: true }),
      col('code', 'VARCHAR', { id: 301, caption: '编码', nullable: false }),
      col('name', 'VARCHAR', { id: 302, caption: '名称' }),
    ],
  };
  const ROLES = '/dataSource/primary/business/role';

  beforeEach(() => {
    server.on('GET', '/metadata/tables/name/role', { data: role });
    server.on('GET', '/metadata/tablerelations/fromTable/name/role', { data: [] });
  });

  it('says a code must start with ROLE_ as it is typed, and sends nothing until it does', async () => {
    server.on('POST', '/business/role', { status: 201, data: 7 });
    renderPage(<BusinessFormPage />, { url: `${ROLES}/new`, route: `${ROUTE}/new`, ...appProviders });
    await waitFor(() => expect(input('code')).not.toBeNull());
    const rule = '角色编码应以 ROLE_ 开头，只含字母、数字和下划线';
    type('code', 'clerk');
    expect(await screen.findByText(rule)).toBeInTheDocument();
    type('code', 'ROLE_clerk-1');
    expect(await screen.findByText(rule)).toBeInTheDocument();
    fireEvent.click(button('保存'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    type('code', 'ROLE_CLERK');
    await waitFor(() => expect(screen.queryByText(rule)).toBeNull());
    fireEvent.click(button('保存'));
    await waitFor(() => expect(server.sent('POST', '/business/role')).toHaveLength(1));
    expect(server.sent('POST', '/business/role')[0]?.body).toEqual({ code: 'ROLE_CLERK' });
  });

  it('leaves the code of any other table to the data type', async () => {
    await openCreate();
    type('code', 'clerk');
    type('name', 'n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('角色编码应以 ROLE_ 开头，只含字母、数字和下划线')).toBeNull();
  });
});

describe('BusinessFormPage — a table nobody captioned', () => {
  const student: Table = {
    id: 40,
    name: 'student',
    primaryNames: ['id'],
    reverse: true,
    columns: [
      col('id', 'BIGINT', { id: 400, caption: undefined, insertable: false, autoIncrement: true }),
      col('first_name', 'VARCHAR', { id: 401, caption: undefined }),
      col('grade', 'VARCHAR', { id: 402, caption: '年级' }),
    ],
  };

  it('reads 添加 student and labels its captionless columns as words', async () => {
    server.on('GET', '/metadata/tables/name/student', { data: student });
    server.on('GET', '/metadata/tablerelations/fromTable/name/student', { data: [] });
    const url = '/dataSource/primary/business/student/new';
    renderPage(<BusinessFormPage />, { url, route: `${ROUTE}/new`, ...appProviders });
    await waitFor(() => expect(input('first_name')).not.toBeNull());
    expect(await screen.findByRole('heading', { name: '添加 student' })).toBeInTheDocument();
    const labels = [...document.querySelectorAll('.ant-form-item-label label')].map((label) =>
      label.textContent?.trim(),
    );
    expect(labels).toEqual(['First name', '年级']);
  });
});
