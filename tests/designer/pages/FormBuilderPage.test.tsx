import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Table } from '../../../contract';
import { FormBuilderPage } from '../../../src/designer/pages/FormBuilderPage';
import { clearSession } from '../../../src/store/session';
import { appProviders } from '../../helpers/appProviders';
import { button, labelled } from '../../helpers/dom';
import { installFakeHttp, type FakeHttp } from '../../helpers/fakeHttp';
import { renderPage } from '../../helpers/renderPage';
import { signIn, superAdmin } from '../../helpers/session';

vi.setConfig({ testTimeout: 30_000 });

const table: Table = {
  id: 5,
  name: 'product',
  caption: '产品',
  primaryNames: ['id'],
  columns: [
    { id: 1, name: 'id', caption: '编号', dataType: 'BIGINT', indexType: 'PRIMARY', insertable: false },
    { id: 2, name: 'title', caption: '标题', dataType: 'VARCHAR', nullable: false },
    { id: 3, name: 'cost', caption: '成本', dataType: 'DECIMAL' },
    { id: 4, name: 'fullTextBody', caption: '全文索引', dataType: 'TEXT', indexType: 'FULLTEXT' },
    { id: 6, name: 'secret', caption: '口令', dataType: 'PASSWORD' },
  ],
};

let server: FakeHttp;
beforeEach(() => {
  server = installFakeHttp();
  server.on('GET', '/business/config', { data: [] });
  server.on('GET', '/metadata/tables/5', { data: table });
  // the list preview shows the first records
  server.on('GET', '/business/product', {
    data: [
      { id: 1, title: '三体', cost: '23.50' },
      { id: 2, title: '活着', cost: '18.00' },
    ],
  });
  server.on('GET', '/business/product/count', { data: 2 });
});
afterEach(() => {
  expect(server.unexpected).toEqual([]);
  server.restore();
  clearSession();
});

const open = async () => {
  renderPage(<FormBuilderPage />, {
    url: '/dataSource/primary/metadata/tables/5/formBuilder',
    route: 'dataSource/:dataSource/metadata/tables/:id/formBuilder',
    ...appProviders,
  });
  await screen.findByText('已选择');
};

const listed = (list: 'selected' | 'unselected') =>
  [...document.querySelectorAll(`[data-testid^="${list}-"]`)].map((item) =>
    (item.getAttribute('data-testid') ?? '').replace(`${list}-`, ''),
  );

describe('FormBuilderPage', () => {
  it('edits the stored list layout and saves it onto its record', async () => {
    signIn(superAdmin);
    server.on('GET', '/business/tableFormBuilder', (request) => {
      expect(request.params).toMatchObject({ tableId: '5' });
      return {
        data: [{ id: 30, tableId: 5, device: 'pc', type: 'list', body: '[{"columnId":3},{"columnId":2}]' }],
      };
    });
    server.on('PATCH', '/business/tableFormBuilder/30', { status: 200 });
    await open();
    await waitFor(() => expect(listed('selected')).toEqual(['cost', 'title']));
    // the preview shows the chosen columns over real records
    const preview = screen.getByTestId('preview-list');
    await waitFor(() => expect(preview).toHaveTextContent('三体'));
    expect(preview).toHaveTextContent('23.50');
    // passwords and full-text columns are never list columns
    expect(listed('unselected')).toEqual(['id']);
    expect(screen.getByText('没有未保存的修改')).toBeInTheDocument();
    expect(screen.queryByText('尚未保存此布局，当前显示的是默认布局。')).toBeNull();

    fireEvent.click(labelled('添加 编号'));
    fireEvent.click(labelled('移除 成本'));
    expect(listed('selected')).toEqual(['title', 'id']);
    expect(listed('unselected')).toEqual(['cost']);
    expect(screen.getByText('有未保存的修改')).toBeInTheDocument();
    fireEvent.click(button('保存'));
    await screen.findByText('布局已保存');
    const [patch] = server.sent('PATCH', '/business/tableFormBuilder/30');
    expect(patch?.body).toEqual({ body: '[{"columnId":2},{"columnId":1}]' });
  });

  it('creates the create layout from the default when the stored one is bad JSON, with widths', async () => {
    signIn(superAdmin);
    let failed = false;
    server.on('GET', '/business/tableFormBuilder', {
      data: [{ id: 31, tableId: 5, device: 'pc', type: 'create', body: '{oops' }],
    });
    server.on('PATCH', '/business/tableFormBuilder/31', () => {
      if (!failed) {
        failed = true;
        return { status: 500, data: { message: '服务器开小差了' } };
      }
      return { status: 200 };
    });
    await open();
    fireEvent.click(screen.getByText('新增表单'));
    await waitFor(() => expect(listed('selected')).toEqual(['title', 'cost', 'secret']));
    fireEvent.change(labelled('成本 的宽度'), { target: { value: '6' } });
    fireEvent.blur(labelled('成本 的宽度'));
    fireEvent.click(labelled('移除 口令'));
    fireEvent.click(button('保存'));
    await screen.findByText(/服务器开小差了|保存布局失败/);
    expect(screen.getByText('有未保存的修改')).toBeInTheDocument();
    fireEvent.click(button('保存'));
    await screen.findByText('布局已保存');
    const patches = server.sent('PATCH', '/business/tableFormBuilder/31');
    expect(patches.at(-1)?.body).toEqual({
      body: '[{"columnId":2,"width":12},{"columnId":3,"width":6}]',
    });
  });

  it('posts a new record when none is stored for the type', async () => {
    signIn(superAdmin);
    server.on('GET', '/business/tableFormBuilder', { data: [] });
    server.on('POST', '/business/tableFormBuilder', { status: 201, data: 40 });
    await open();
    expect(screen.getByText('尚未保存此布局，当前显示的是默认布局。')).toBeInTheDocument();
    fireEvent.click(screen.getByText('编辑表单'));
    // The edit form keeps the create form's fields in their places; the key, shown on edit only, follows.
    await waitFor(() => expect(listed('selected')).toEqual(['title', 'cost', 'secret', 'id']));
    fireEvent.click(button('保存'));
    await screen.findByText('布局已保存');
    const [post] = server.sent('POST', '/business/tableFormBuilder');
    expect(post?.body).toMatchObject({ tableId: 5, device: 'pc', type: 'update' });
    expect(JSON.parse((post?.body as { body: string }).body)).toHaveLength(4);
  });
});
