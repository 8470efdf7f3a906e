import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Table } from '../../../contract';
import { useValueDialogSettings } from '../../../src/designer/components/ValueDialogSettings';
import type { ColumnDraft } from '../../../src/designer/lib/column-draft';
import { clearSession } from '../../../src/store/session';
import { button, dialog, labelled } from '../../helpers/dom';
import { appProviders } from '../../helpers/appProviders';
import { installFakeHttp, type FakeHttp } from '../../helpers/fakeHttp';
import { renderWithRefine } from '../../helpers/renderWithRefine';
import { signIn, superAdmin } from '../../helpers/session';

vi.setConfig({ testTimeout: 30_000 });

const table: Table = {
  id: 7,
  name: 'product',
  columns: [
    { id: 3, name: 'color', caption: '颜色', dataType: 'VARCHAR' },
    { id: 4, name: 'size', caption: '尺码', dataType: 'VARCHAR' },
  ],
};
const rows = [
  { key: 'a', id: 3, name: 'color', caption: '颜色' },
  { key: 'b', id: 4, name: 'size', caption: '尺码' },
  { key: 'c', name: 'fresh', caption: '新字段' },
] as unknown as ColumnDraft[];

const Harness = () => {
  const { renderExtension, dialog: settings } = useValueDialogSettings(table);
  return (
    <>
      {rows.map((row) => (
        <div key={row.key}>{renderExtension?.(row)}</div>
      ))}
      {settings}
    </>
  );
};

let server: FakeHttp;
beforeEach(() => {
  server = installFakeHttp();
  server.on('GET', '/business/config', { data: [] });
  signIn(superAdmin);
});
afterEach(() => {
  expect(server.unexpected).toEqual([]);
  server.restore();
  clearSession();
  vi.restoreAllMocks();
});

describe('useValueDialogSettings', () => {
  it('edits a stored dialog with PATCH and checks name and url first', async () => {
    server.on('GET', '/business/columnExtProperty', (request) => {
      expect(request.params).toMatchObject({ tableId: '7', key: 'valueDialog' });
      return {
        data: [
          { id: 50, tableId: 7, columnId: 3, key: 'valueDialog', value: '{"name":"选色","url":"/pick"}' },
        ],
      };
    });
    server.on('PATCH', '/business/columnExtProperty/50', { status: 200 });
    renderWithRefine(<Harness />, appProviders);
    await waitFor(() => expect(labelled('扩展属性 颜色')).toHaveTextContent('已设置'));
    expect(labelled('扩展属性 尺码')).toHaveTextContent('设置');
    // a column not saved yet has nothing to attach the property to
    expect(labelled('扩展属性 新字段')).toBeDisabled();

    fireEvent.click(labelled('扩展属性 颜色'));
    const modal = await dialog('扩展属性：颜色');
    const name = modal.querySelector('#valueDialog_name') as HTMLInputElement;
    const url = modal.querySelector('#valueDialog_url') as HTMLInputElement;
    expect(name.value).toBe('选色');
    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.change(url, { target: { value: '//evil.example/x' } });
    fireEvent.click(button('保存', modal));
    expect(await screen.findByText('按钮名称不能为空')).toBeInTheDocument();
    expect(screen.getByText('请输入 http/https 地址或本站的相对路径')).toBeInTheDocument();
    expect(server.sent('PATCH', '/business/columnExtProperty/50')).toEqual([]);

    fireEvent.change(name, { target: { value: '选择颜色' } });
    fireEvent.change(url, { target: { value: 'https://example.com/colors' } });
    fireEvent.click(button('保存', modal));
    await screen.findByText('保存成功');
    expect(server.sent('PATCH', '/business/columnExtProperty/50')[0]?.body).toEqual({
      value: JSON.stringify({ name: '选择颜色', url: 'https://example.com/colors' }),
    });
  });

  it('logs a failure to load and treats the list as empty; a new dialog is created', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.once('GET', '/business/columnExtProperty', { status: 500, data: { message: 'boom' } });
    server.on('GET', '/business/columnExtProperty', { data: [] });
    server.on('POST', '/business/columnExtProperty', { status: 201, data: 51 });
    renderWithRefine(<Harness />, appProviders);
    await waitFor(() => expect(warn).toHaveBeenCalled());
    await waitFor(() => expect(labelled('扩展属性 颜色')).toHaveTextContent('设置'));
    expect(labelled('扩展属性 颜色')).not.toHaveTextContent('已设置');

    fireEvent.click(labelled('扩展属性 尺码'));
    const modal = await dialog('扩展属性：尺码');
    fireEvent.change(modal.querySelector('#valueDialog_name') as HTMLInputElement, {
      target: { value: '选尺码' },
    });
    fireEvent.change(modal.querySelector('#valueDialog_url') as HTMLInputElement, {
      target: { value: '/sizes.html' },
    });
    fireEvent.click(button('保存', modal));
    await screen.findByText('保存成功');
    expect(server.sent('POST', '/business/columnExtProperty')[0]?.body).toEqual({
      dataSource: 'primary',
      tableId: 7,
      columnId: 4,
      key: 'valueDialog',
      value: JSON.stringify({ name: '选尺码', url: '/sizes.html' }),
    });
  });
});
