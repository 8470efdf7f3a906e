import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Table } from '../../../contract';
import { useColumnWidgetSettings } from '../../../src/designer/components/ColumnWidgetSettings';
import type { ColumnDraft } from '../../../src/designer/lib/column-draft';
import { clearSession } from '../../../src/store/session';
import { labelled } from '../../helpers/dom';
import { appProviders } from '../../helpers/appProviders';
import { installFakeHttp, type FakeHttp } from '../../helpers/fakeHttp';
import { renderWithRefine } from '../../helpers/renderWithRefine';
import { signIn, superAdmin } from '../../helpers/session';

vi.setConfig({ testTimeout: 30_000 });

const table: Table = {
  id: 7,
  name: 'task',
  columns: [
    { id: 3, name: 'status', caption: '状态', dataType: 'VARCHAR' },
    { id: 4, name: 'done', caption: '完成', dataType: 'BOOL' },
    { id: 5, name: 'due', caption: '截止', dataType: 'DATE' },
  ],
};
const rows = [
  { key: 'a', id: 3, name: 'status', caption: '状态', dataType: 'VARCHAR' },
  { key: 'b', id: 4, name: 'done', caption: '完成', dataType: 'BOOL' },
  { key: 'c', id: 5, name: 'due', caption: '截止', dataType: 'DATE' },
  { key: 'd', name: 'fresh', caption: '新字段', dataType: 'VARCHAR' },
] as unknown as ColumnDraft[];

const Harness = () => {
  const { renderWidget } = useColumnWidgetSettings(table);
  return (
    <>
      {rows.map((row) => (
        <div key={row.key}>
          {renderWidget?.(row, 'interface')}
          {renderWidget?.(row, 'display')}
        </div>
      ))}
    </>
  );
};

/** The select of a column's widget (its search input carries the aria-label). */
const select = (label: string) => labelled(label).closest('.ant-select') as HTMLElement;
const isDisabled = (label: string) => select(label).classList.contains('ant-select-disabled');
const shown = (label: string) => select(label).querySelector('.ant-select-selection-item')?.textContent;

const openSelect = (label: string) =>
  fireEvent.mouseDown(select(label).querySelector('.ant-select-selector') as HTMLElement);

const pick = async (label: string, title: string) => {
  openSelect(label);
  const option = await waitFor(() => {
    const found = [
      ...document.querySelectorAll(
        `.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${title}"]`,
      ),
    ].at(-1);
    if (!found) throw new Error(`no option ${title}`);
    return found as HTMLElement;
  });
  fireEvent.click(option);
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

describe('useColumnWidgetSettings', () => {
  it('offers the widgets made for each column type and stores a choice at once', async () => {
    server.on('GET', '/business/columnExtProperty', (request) => {
      expect(request.params).toMatchObject({ tableId: '7', key: 'interface,display' });
      return {
        data: [{ id: 60, tableId: 7, columnId: 3, key: 'display', value: '{"id":"kanban-lane-tag"}' }],
      };
    });
    server.on('POST', '/business/columnExtProperty', { status: 201, data: { id: 61 } });
    server.on('DELETE', '/business/columnExtProperty/60', { status: 204 });
    renderWithRefine(<Harness />, appProviders);

    await waitFor(() => expect(shown('显示方式 状态')).toBe('看板泳道标签'));
    expect(shown('输入控件 状态')).toBe('默认');
    // a date column has no extension widget; a column not saved yet has nothing to attach one to
    expect(isDisabled('输入控件 截止')).toBe(true);
    expect(isDisabled('显示方式 新字段')).toBe(true);
    // the lane input edits text, not flags
    expect(isDisabled('输入控件 完成')).toBe(true);
    expect(isDisabled('显示方式 完成')).toBe(false);

    await pick('输入控件 状态', '看板泳道输入');
    await screen.findByText('字段控件已保存');
    expect(server.sent('POST', '/business/columnExtProperty')[0]?.dataSource).toBe('primary');
    expect(server.sent('POST', '/business/columnExtProperty')[0]?.body).toEqual({
      dataSource: 'primary',
      tableId: 7,
      columnId: 3,
      key: 'interface',
      value: '{"id":"kanban-lane-input"}',
    });

    await waitFor(() => expect(isDisabled('显示方式 状态')).toBe(false));
    await pick('显示方式 状态', '默认');
    await waitFor(() => expect(server.sent('DELETE', '/business/columnExtProperty/60')).toHaveLength(1));
  });
});
