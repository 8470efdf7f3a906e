import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Table } from '../../../contract';
import { TableListTools } from '../../../src/designer/components/TableListTools';
import { button, dialog } from '../../helpers/dom';
import { installFakeHttp, type FakeHttp } from '../../helpers/fakeHttp';
import { appProviders } from '../../helpers/appProviders';
import { currentPath, renderPage } from '../../helpers/renderPage';

vi.setConfig({ testTimeout: 30_000 });

const URL = '/dataSource/primary/metadata/tables';
const tables: Table[] = [
  { id: 3, name: 'product', columns: [] },
  { id: 5, name: 'customer', columns: [] },
];

let server: FakeHttp;
beforeEach(() => {
  server = installFakeHttp();
});
afterEach(() => {
  expect(server.unexpected).toEqual([]);
  server.restore();
});

const render = (selected: Table[]) =>
  renderPage(<TableListTools selected={selected} dataSource="primary" />, {
    url: URL,
    route: '*',
    ...appProviders,
  });

describe('TableListTools', () => {
  it('exports the selected tables and offers the download link', async () => {
    server.on('POST', '/metadata/tables/export', { status: 201, data: '/download/2026-11-22/abc.json' });
    render(tables);
    fireEvent.click(button('批量导出元数据'));
    const modal = await dialog('导出');
    await waitFor(() => expect(modal).toHaveTextContent('文件已生成'));
    expect(modal).toHaveTextContent('包含选中的 2 张表');
    expect(screen.getByRole('link', { name: /立即下载/ })).toHaveAttribute(
      'href',
      '/download/2026-11-22/abc.json',
    );
    expect(server.sent('POST', '/metadata/tables/export')[0]?.body).toEqual([3, 5]);
    fireEvent.click(button('关闭', modal));
    await waitFor(() =>
      expect(document.querySelector('.ant-modal-wrap:not([style*="none"]) .ant-modal')).toBeNull(),
    );
  });

  it('needs a selection to export, and links to import and reverse', () => {
    render([]);
    expect(button('批量导出元数据')).toBeDisabled();
    fireEvent.click(button('导入元数据'));
    expect(currentPath()).toBe(`${URL}/import`);
    fireEvent.click(button('数据库逆向'));
    expect(currentPath()).toBe(`${URL}/reverse`);
  });

  it('reports a failed export', async () => {
    server.on('POST', '/metadata/tables/export', {
      status: 500,
      data: { code: 'INTERNAL_ERROR', message: '服务器错误' },
    });
    render(tables);
    fireEvent.click(button('批量导出元数据'));
    expect(await screen.findByText('导出失败：服务器错误')).toBeInTheDocument();
  });
});
