import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Column, Table } from '../../../contract';
import { TableCreatePage } from '../../../src/designer/pages/TableCreatePage';
import { TableEditPage } from '../../../src/designer/pages/TableEditPage';
import { appProviders } from '../../helpers/appProviders';
import { installFakeHttp, type FakeHttp } from '../../helpers/fakeHttp';
import { button, dialog, labelled } from '../../helpers/dom';
import { currentPath, renderPage } from '../../helpers/renderPage';

const ROUTE = 'dataSource/:dataSource/metadata/tables';
const LIST = '/dataSource/primary/metadata/tables';

vi.setConfig({ testTimeout: 30_000 });

let server: FakeHttp;
beforeEach(() => {
  server = installFakeHttp();
  server.on('GET', '/business/config', { data: [] });
  // The edit page asks whether the stored table agrees with its design (it does here).
  server.on('GET', '/metadata/tables/7/schema-state', {
    data: { inStep: true, unfinishedChange: false, missingColumns: [], extraColumns: [] },
  });
  server.on('GET', '/metadata/sequences', {
    data: [{ id: 4, name: 'orderNo', caption: '订单号', sequenceType: 'STRING' }],
  });
});
afterEach(() => {
  expect(server.unexpected).toEqual([]);
  server.restore();
});

const cell = (label: string) => labelled(label);
/** The antd Select whose input has this accessible name. */
const select = (label: string) => cell(label).closest('.ant-select') as HTMLElement;
const FIELD_IDS: Record<string, string> = {
  对象名称: 'name',
  对象复数: 'pluralName',
  表名称: 'tableName',
  中文名称: 'caption',
};
/** A table field by its form label. */
const field = (label: string) => {
  const input = document.getElementById(`designer-${FIELD_IDS[label]}`) as HTMLInputElement;
  expect(document.querySelector(`label[for="${input.id}"]`)).toHaveTextContent(label);
  return input;
};
const columnNames = () =>
  [...document.querySelectorAll<HTMLInputElement>('input[aria-label^="英文字段 "]')].map(
    (input) => input.value,
  );

const stored: Table = {
  id: 7,
  name: 'product',
  pluralName: 'products',
  tableName: 'product',
  caption: '产品',
  columns: [
    {
      id: 1,
      name: 'id',
      caption: '编号',
      dataType: 'BIGINT',
      indexType: 'PRIMARY',
      autoIncrement: true,
      nullable: false,
      displayOrder: 0,
    },
    {
      id: 2,
      name: 'title',
      caption: '标题',
      dataType: 'VARCHAR',
      length: 100,
      nullable: true,
      displayOrder: 1,
    },
    { id: 3, name: 'notes', caption: '备注', dataType: 'TEXT', nullable: true, displayOrder: 2 },
  ] satisfies Column[],
  indexs: [],
};

describe('TableDesigner: new table', () => {
  it('starts with the nine system columns and derives the plural and physical names', async () => {
    renderPage(<TableCreatePage />, { url: `${LIST}/new`, route: `${ROUTE}/new`, ...appProviders });
    expect(columnNames()).toEqual([
      'id',
      'name',
      'fullTextBody',
      'createdDate',
      'lastModifiedDate',
      'createById',
      'updateById',
      'ownerId',
      'isDeleted',
    ]);
    expect(select('数据类型 1')).toHaveTextContent('BIGINT');
    fireEvent.change(field('对象名称'), { target: { value: 'orderLine' } });
    expect(field('对象复数')).toHaveValue('orderLines');
    expect(field('表名称')).toHaveValue('order_line');
    fireEvent.change(field('表名称'), { target: { value: 'ca_order_line' } });
    fireEvent.change(field('对象名称'), { target: { value: 'orderItem' } });
    expect(field('对象复数')).toHaveValue('orderItems');
    expect(field('表名称')).toHaveValue('ca_order_line');
  });

  it('adds, batch-adds, moves and deletes columns', async () => {
    renderPage(<TableCreatePage />, { url: `${LIST}/new`, route: `${ROUTE}/new`, ...appProviders });
    fireEvent.click(button('添加字段'));
    expect(columnNames().at(-1)).toBe('col1');

    fireEvent.click(button('批量添加字段'));
    const batch = await dialog('批量添加字段');
    fireEvent.change(within(batch).getByLabelText('批量添加字段'), {
      target: { value: '标题，价格\n库存,sku:货号' },
    });
    fireEvent.click(button('添加 4 个字段', batch));
    await waitFor(() => expect(columnNames().slice(9)).toEqual(['col1', 'col2', 'col3', 'col4', 'sku']));
    expect(cell('中文名称 11')).toHaveValue('标题');
    expect(select('数据类型 14')).toHaveTextContent('VARCHAR');

    fireEvent.click(cell('置顶 14'));
    expect(columnNames().slice(0, 2)).toEqual(['sku', 'id']);
    fireEvent.click(cell('下移 1'));
    expect(columnNames().slice(0, 2)).toEqual(['id', 'sku']);
    fireEvent.click(cell('置底 2'));
    expect(columnNames().at(-1)).toBe('sku');
    fireEvent.click(cell('上移 14'));
    expect(columnNames().slice(-2)).toEqual(['sku', 'col4']);
    fireEvent.click(cell('删除字段 14'));
    expect(columnNames()).toHaveLength(13);
    expect(columnNames()).not.toContain('col4');
  });

  it('marks bad names inline and sends nothing while errors remain', async () => {
    renderPage(<TableCreatePage />, { url: `${LIST}/new`, route: `${ROUTE}/new`, ...appProviders });
    fireEvent.click(button('添加字段'));
    fireEvent.change(cell('英文字段 10'), { target: { value: 'select' } });
    expect(await screen.findByText('“select”是数据库保留字')).toBeInTheDocument();
    fireEvent.change(cell('英文字段 10'), { target: { value: 'Name' } });
    expect(await screen.findByText('名称重复（不区分大小写）')).toBeInTheDocument();
    fireEvent.click(button('保存'));
    // The still-empty table name is now an error too; no confirm dialog, no request.
    expect((await screen.findAllByText('必填')).length).toBeGreaterThan(0);
    expect(screen.queryByText('确认提交吗？')).not.toBeInTheDocument();
    expect(server.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('confirms, creates the table without ids and returns to the list', async () => {
    server.on('POST', '/metadata/tables', { status: 201, data: 12 });
    renderPage(<TableCreatePage />, { url: `${LIST}/new`, route: `${ROUTE}/new`, ...appProviders });
    fireEvent.change(field('对象名称'), { target: { value: 'product' } });
    fireEvent.change(field('中文名称'), { target: { value: '产品' } });
    fireEvent.click(button('添加字段'));
    fireEvent.change(cell('中文名称 10'), { target: { value: '价格' } });
    fireEvent.click(button('保存'));
    const confirm = await dialog('确认提交吗？');
    expect(confirm).toHaveTextContent('将创建表 product，共 10 个字段。');
    fireEvent.click(button('确定', confirm));
    await waitFor(() => expect(currentPath()).toBe(LIST));
    const [post] = server.sent('POST', '/metadata/tables');
    const body = post?.body as Table;
    expect(body).toMatchObject({
      name: 'product',
      pluralName: 'products',
      tableName: 'product',
      caption: '产品',
    });
    expect(body.columns).toHaveLength(10);
    expect(body.columns.every((c) => !('id' in c) && !('key' in c))).toBe(true);
    expect(body.columns[9]).toMatchObject({
      name: 'col1',
      caption: '价格',
      dataType: 'VARCHAR',
      length: 200,
      displayOrder: 9,
    });
    expect(post?.params).toEqual({});
    expect(await screen.findByText('添加成功')).toBeInTheDocument();
  });

  it('puts the server’s field errors on the grid cells', async () => {
    server.on('POST', '/metadata/tables', {
      status: 400,
      data: {
        code: 'VALIDATION_ERROR',
        message: '参数错误',
        errors: { 'columns[9].name': '服务器：名称已被使用', tableName: '物理表已存在' },
      },
    });
    renderPage(<TableCreatePage />, { url: `${LIST}/new`, route: `${ROUTE}/new`, ...appProviders });
    fireEvent.change(field('对象名称'), { target: { value: 'product' } });
    fireEvent.click(button('添加字段'));
    fireEvent.click(button('保存'));
    fireEvent.click(button('确定', await dialog('确认提交吗？')));
    expect(await screen.findByText('服务器：名称已被使用')).toBeInTheDocument();
    expect(screen.getByText('物理表已存在')).toBeInTheDocument();
    expect(currentPath()).toBe(`${LIST}/new`);
    // Editing the cell clears the server's message.
    fireEvent.change(cell('英文字段 10'), { target: { value: 'price' } });
    expect(screen.queryByText('服务器：名称已被使用')).not.toBeInTheDocument();
  });

  it('marks a row whose message belongs to its 更多 drawer, and shows it there', async () => {
    server.on('POST', '/metadata/tables', {
      status: 400,
      data: {
        code: 'VALIDATION_ERROR',
        message: '参数错误',
        errors: { 'columns[9].defaultValue': '默认值无效' },
      },
    });
    renderPage(<TableCreatePage />, { url: `${LIST}/new`, route: `${ROUTE}/new`, ...appProviders });
    fireEvent.change(field('对象名称'), { target: { value: 'product' } });
    fireEvent.click(button('添加字段'));
    fireEvent.click(button('保存'));
    fireEvent.click(button('确定', await dialog('确认提交吗？')));
    const more = await waitFor(() => {
      const found = cell('更多设置 10');
      expect(found).toHaveAttribute('data-more-errors', '1');
      return found;
    });
    expect(cell('更多设置 9')).not.toHaveAttribute('data-more-errors');
    expect(screen.queryByText('默认值无效')).not.toBeInTheDocument();
    fireEvent.click(more);
    expect(await screen.findByText('默认值无效')).toBeInTheDocument();
    expect(screen.getByText(/更多设置：/)).toBeInTheDocument();
    // Editing in the drawer changes the row as the grid did, and clears the message.
    fireEvent.change(cell('默认值 10'), { target: { value: 'x' } });
    expect(screen.queryByText('默认值无效')).not.toBeInTheDocument();
    expect(cell('更多设置 10')).not.toHaveAttribute('data-more-errors');
  });

  it('keeps the system columns’ definitions and form flags out of reach, not their captions', async () => {
    renderPage(<TableCreatePage />, { url: `${LIST}/new`, route: `${ROUTE}/new`, ...appProviders });
    await waitFor(() => expect(columnNames()).toContain('createdDate'));
    const row = columnNames().indexOf('createdDate') + 1;
    expect(cell(`英文字段 ${row}`)).toBeDisabled();
    expect(cell(`插入 ${row}`)).toBeDisabled();
    expect(cell(`空 ${row}`)).toBeDisabled();
    expect(cell(`显示 ${row}`)).not.toBeDisabled();
    expect(cell(`中文名称 ${row}`)).not.toBeDisabled();
    // `name` is the record's label: an ordinary column.
    const name = columnNames().indexOf('name') + 1;
    expect(cell(`英文字段 ${name}`)).not.toBeDisabled();
    expect(cell(`插入 ${name}`)).not.toBeDisabled();
  });
});

describe('TableDesigner: edit', () => {
  it('shows the data-loss warning of a 409 and repeats the save with confirmDataLoss', async () => {
    server.on('GET', '/metadata/tables/7', { data: stored });
    server.once('PATCH', '/metadata/tables/7', {
      status: 409,
      data: {
        code: 'CONFLICT',
        message: '修改会丢失数据',
        errors: { 'columns[1].length': '3 行的值超过 10 个字符', notes: '删除的字段中有数据' },
      },
    });
    server.on('PATCH', '/metadata/tables/7', { status: 200 });
    renderPage(<TableEditPage />, { url: `${LIST}/7`, route: `${ROUTE}/:id`, ...appProviders });
    expect(await screen.findByDisplayValue('title')).toBeInTheDocument();
    fireEvent.change(cell('长度 2'), { target: { value: '10' } });
    fireEvent.click(cell('删除字段 3'));
    fireEvent.click(button('保存'));
    const confirm = await dialog('确认提交吗？');
    expect(confirm).toHaveTextContent('修改类型（1）：title: VARCHAR(100) → VARCHAR(10)');
    expect(confirm).toHaveTextContent('删除字段（1）：notes');
    fireEvent.click(button('确定', confirm));

    const warning = await dialog('以下修改会丢失数据');
    expect(warning).toHaveTextContent('服务器拒绝了这次修改');
    expect(warning).toHaveTextContent('标题 (title)');
    expect(warning).toHaveTextContent('3 行的值超过 10 个字符');
    expect(warning).toHaveTextContent('备注 (notes)');
    expect(warning).toHaveTextContent('删除的字段中有数据');
    fireEvent.click(button('确认并继续', warning));

    await waitFor(() => expect(currentPath()).toBe(LIST));
    const patches = server.sent('PATCH', '/metadata/tables/7');
    expect(patches.map((p) => p.params)).toEqual([{}, { confirmDataLoss: 'true' }]);
    expect(patches[1]?.body).toEqual(patches[0]?.body);
    expect((patches[0]?.body as Table).columns.map((c) => [c.id, c.name, c.length])).toEqual([
      [1, 'id', null],
      [2, 'title', 10],
    ]);
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
  });

  it('取消 on the data-loss warning keeps the edits and sends nothing more', async () => {
    server.on('GET', '/metadata/tables/7', { data: stored });
    server.on('PATCH', '/metadata/tables/7', {
      status: 409,
      data: { code: 'CONFLICT', message: '修改会丢失数据', errors: { 'columns[1]': '值超长' } },
    });
    renderPage(<TableEditPage />, { url: `${LIST}/7`, route: `${ROUTE}/:id`, ...appProviders });
    await screen.findByDisplayValue('title');
    fireEvent.change(cell('长度 2'), { target: { value: '10' } });
    fireEvent.click(button('保存'));
    fireEvent.click(button('确定', await dialog('确认提交吗？')));
    const warning = await dialog('以下修改会丢失数据');
    fireEvent.click(button('取消', warning));
    await waitFor(() => expect(screen.queryByText('确认并继续')).not.toBeInTheDocument());
    expect(cell('长度 2')).toHaveValue('10');
    expect(server.sent('PATCH', '/metadata/tables/7')).toHaveLength(1);
  });

  it('edits the English captions of the table and its columns, and explains the flag headers', async () => {
    server.on('GET', '/metadata/tables/7', { data: stored });
    server.on('PATCH', '/metadata/tables/7', { status: 200 });
    renderPage(<TableEditPage />, { url: `${LIST}/7`, route: `${ROUTE}/:id`, ...appProviders });
    await screen.findByDisplayValue('title');
    const header = document.querySelector('[data-help="displayable"]') as HTMLElement;
    expect(header).toHaveTextContent('显示');
    fireEvent.mouseEnter(header);
    expect(await screen.findByText(/列表页默认显示此列/)).toBeInTheDocument();
    fireEvent.change(document.getElementById('designer-captionEn') as HTMLElement, {
      target: { value: ' Products ' },
    });
    fireEvent.click(cell('更多设置 2'));
    fireEvent.change(cell('英文名称 2'), { target: { value: 'Title' } });
    fireEvent.click(button('保存'));
    fireEvent.click(button('确定', await dialog('确认提交吗？')));
    await waitFor(() => expect(server.sent('PATCH', '/metadata/tables/7')).toHaveLength(1));
    const body = server.sent('PATCH', '/metadata/tables/7')[0]?.body as Table;
    expect(body.captions).toEqual({ 'en-US': 'Products' });
    expect(body.columns.map((c) => c.captions)).toEqual([undefined, { 'en-US': 'Title' }, undefined]);
  });
  it('gives a text column options in its 更多 drawer (value, captions, colour, multiple) and checks them', async () => {
    server.on('GET', '/metadata/tables/7', { data: stored });
    server.on('PATCH', '/metadata/tables/7', { status: 200 });
    renderPage(<TableEditPage />, { url: `${LIST}/7`, route: `${ROUTE}/:id`, ...appProviders });
    await screen.findByDisplayValue('title');
    fireEvent.click(cell('更多设置 1'));
    expect(
      await screen.findByText('只有文本类型（CHAR、VARCHAR、TEXT、LONGTEXT）的字段可以设置选项'),
    ).toBeInTheDocument();
    fireEvent.click(cell('更多设置 2'));
    const drawer = await screen.findByTestId('choice-options-2');
    fireEvent.click(button('添加选项', drawer));
    fireEvent.change(cell('值 2.1'), { target: { value: 'scifi' } });
    fireEvent.change(cell('中文名称 2.1'), { target: { value: '科幻' } });
    fireEvent.change(cell('英文名称 2.1'), { target: { value: 'Science fiction' } });
    fireEvent.mouseDown(select('颜色 2.1').querySelector('.ant-select-selector') as HTMLElement);
    fireEvent.click(
      await waitFor(() => {
        const found = [...document.querySelectorAll('.ant-select-item-option')].find(
          (item) => item.textContent === 'blue',
        );
        if (!found) throw new Error('no blue');
        return found as HTMLElement;
      }),
    );
    fireEvent.click(button('添加选项', drawer));
    fireEvent.change(cell('值 2.2'), { target: { value: 'scifi' } });
    fireEvent.click(button('保存'));
    expect(await within(drawer).findByText('选项值 scifi 重复')).toBeInTheDocument();
    expect(server.sent('PATCH', '/metadata/tables/7')).toHaveLength(0);

    fireEvent.change(cell('值 2.2'), { target: { value: 'poetry' } });
    fireEvent.click(cell('上移选项 2.2'));
    fireEvent.click(within(drawer).getByLabelText('多选'));
    fireEvent.click(button('保存'));
    fireEvent.click(button('确定', await dialog('确认提交吗？')));
    await waitFor(() => expect(server.sent('PATCH', '/metadata/tables/7')).toHaveLength(1));
    const body = server.sent('PATCH', '/metadata/tables/7')[0]?.body as Table;
    expect(body.columns[1]).toMatchObject({
      name: 'title',
      multipleValue: true,
      options: [
        { value: 'poetry' },
        { value: 'scifi', captions: { 'zh-CN': '科幻', 'en-US': 'Science fiction' }, color: 'blue' },
      ],
    });
  });
});
