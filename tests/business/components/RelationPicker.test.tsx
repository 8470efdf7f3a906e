import { fireEvent, waitFor } from '@testing-library/react';
import type { Table } from '../../../contract';
import RelationPicker from '../../../src/business/components/RelationPicker';
import { button, dialog, headers, labelled } from '../../helpers/dom';
import { appProviders } from '../../helpers/appProviders';
import { installFakeHttp, type FakeHttp } from '../../helpers/fakeHttp';
import { renderPage } from '../../helpers/renderPage';
import { signIn, superAdmin } from '../../helpers/session';

vi.setConfig({ testTimeout: 30_000 });

const category: Table = {
  id: 2,
  name: 'category',
  caption: '分类',
  primaryNames: ['id'],
  columns: [
    { id: 30, name: 'id', caption: '编号', dataType: 'BIGINT' },
    { id: 31, name: 'title', caption: '标题', dataType: 'VARCHAR' },
    { id: 32, name: 'secret', caption: '口令', dataType: 'PASSWORD' },
    { id: 33, name: 'isDeleted', caption: '是否删除', dataType: 'BOOL' },
    {
      id: 34,
      name: 'shelf',
      caption: '书架',
      dataType: 'VARCHAR',
      options: [{ value: 'east', captions: { 'zh-CN': '东区', 'en-US': 'East wing' } }],
    },
  ],
};
const ROWS = Array.from({ length: 12 }, (_, i) => ({
  id: 12 - i,
  title: `分类${12 - i}`,
  isDeleted: false,
  shelf: 'east',
}));

let server: FakeHttp;
beforeEach(() => {
  signIn(superAdmin);
  server = installFakeHttp();
  server.on('GET', '/metadata/tables/name/category', { data: category });
  server.on('GET', '/metadata/tablerelations/fromTable/name/category', { data: [] });
  server.on('GET', '/business/tableFormBuilder', { data: [] });
  server.on('GET', '/business/columnExtProperty', { data: [] });
  server.on('GET', '/business/category', ({ params }) => {
    const matching = ROWS.filter((r) => !params.search || r.title.includes(params.search));
    const offset = Number(params.offset);
    return { data: matching.slice(offset, offset + Number(params.limit)) };
  });
  server.on('GET', '/business/category/count', ({ params }) => ({
    data: ROWS.filter((r) => !params.search || r.title.includes(params.search)).length,
  }));
});
afterEach(() => {
  expect(server.unexpected).toEqual([]);
  server.restore();
});

const show = (multiple: boolean, value: Record<string, unknown>[] = []) => {
  const onOk = vi.fn();
  const onCancel = vi.fn();
  renderPage(
    <RelationPicker
      open
      tableName="category"
      multiple={multiple}
      value={value}
      onOk={onOk}
      onCancel={onCancel}
    />,
    {
      url: '/dataSource/primary/business/product',
      route: 'dataSource/:dataSource/business/:tableName',
      ...appProviders,
    },
  );
  return { onOk, onCancel };
};

const rowIn = (modal: HTMLElement, key: number) =>
  modal.querySelector(`tr[data-row-key="${key}"]`) as HTMLElement | null;

describe('RelationPicker', () => {
  it('picks one record with a radio, live records only, without passwords', async () => {
    const { onOk } = show(false, [{ id: 11, title: '分类11' }]);
    const modal = await dialog('选择关联数据');
    await waitFor(() => expect(rowIn(modal, 12)).not.toBeNull());
    expect(server.sent('GET', '/business/category')[0]?.params).toEqual({
      offset: '0',
      limit: '10',
      isDeleted: 'false',
      withTotal: 'true',
    });
    // the key and the title; not the password, nor the soft-delete flag (deleted records are not offered)
    expect(headers(modal).slice(1)).toEqual(['编号', '标题', '书架']);
    // a choice column reads by its option's caption, as in the list
    expect(rowIn(modal, 12)?.textContent).toContain('东区');
    expect(rowIn(modal, 12)?.textContent).not.toContain('east');
    expect((rowIn(modal, 11)?.querySelector('input[type="radio"]') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(rowIn(modal, 12)?.querySelector('input') as HTMLElement);
    fireEvent.click(button('确定', modal));
    expect(onOk).toHaveBeenCalledWith([expect.objectContaining({ id: 12, title: '分类12' })]);
  });

  it('searches with its own keyword and keeps a multiple choice across pages', async () => {
    const { onOk } = show(true);
    const modal = await dialog('选择关联数据');
    await waitFor(() => expect(rowIn(modal, 12)).not.toBeNull());
    fireEvent.click(rowIn(modal, 12)?.querySelector('input') as HTMLElement);
    fireEvent.click(button('2', modal));
    await waitFor(() => expect(rowIn(modal, 2)).not.toBeNull());
    fireEvent.click(rowIn(modal, 1)?.querySelector('input') as HTMLElement);
    fireEvent.change(labelled('请输入关键字', modal), { target: { value: '分类3' } });
    fireEvent.click(button('查询', modal));
    await waitFor(() => expect(rowIn(modal, 12)).toBeNull());
    expect(server.sent('GET', '/business/category').at(-1)?.params).toEqual({
      offset: '0',
      limit: '10',
      search: '分类3',
      isDeleted: 'false',
      withTotal: 'true',
    });
    fireEvent.click(button('确定', modal));
    expect(onOk.mock.calls[0]?.[0].map((r: { id: number }) => r.id)).toEqual([12, 1]);
  });

  it('cancels without a choice', async () => {
    const { onOk, onCancel } = show(true);
    const modal = await dialog('选择关联数据');
    fireEvent.click(button('取消', modal));
    expect(onCancel).toHaveBeenCalled();
    expect(onOk).not.toHaveBeenCalled();
  });
});
