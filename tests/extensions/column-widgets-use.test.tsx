import { render, screen } from '@testing-library/react';
import { Form } from 'antd';
import type { ReactNode } from 'react';
import type { Column, Table } from '../../contract';
import { extensionRegistry } from '../../src/extensions/registry';
import { laneColor } from '../../src/extensions/kanban/kanban-board';
import { FormField } from '../../src/fields/FormField';
import type { BusinessTableMeta } from '../../src/business/hooks/useBusinessTable';
import type { BusinessRecord } from '../../src/business/lib/business-record';
import { businessColumns } from '../../src/business/components/businessColumns';
import { renderWithRefine } from '../helpers/renderWithRefine';

vi.setConfig({ testTimeout: 30_000 });

const status: Column = { id: 3, name: 'status', caption: '状态', dataType: 'VARCHAR', length: 20 };
const count: Column = { id: 4, name: 'count', caption: '数量', dataType: 'INT' };
const note: Column = { id: 5, name: 'note', caption: '备注', dataType: 'VARCHAR' };
const table: Table = { id: 7, name: 'task', columns: [status, count, note] };

const meta = (widgets: BusinessTableMeta['widgets']): BusinessTableMeta => ({
  table,
  relations: [],
  relatedTables: {},
  layouts: [],
  valueDialogs: [],
  widgets,
});

const labels = { yes: '是', no: '否', view: '查看' };

/** The cell a list column renders for one record. */
const cell = (
  columns: ReturnType<typeof businessColumns>,
  name: string,
  record: BusinessRecord,
): ReactNode => {
  const column = columns.find((one) => one.key === name) as {
    render: (value: unknown, record: BusinessRecord, index: number) => ReactNode;
  };
  return column.render(record[name], record, 0);
};

describe('the list cell chosen per column', () => {
  it('shows a chosen extension display, and the built-in cell otherwise', () => {
    const columns = businessColumns(
      meta(
        new Map([
          [3, { display: 'kanban-lane-tag' }],
          // a lane tag does not fit a number: the built-in cell stays
          [4, { display: 'kanban-lane-tag' }],
        ]),
      ),
      table.columns,
      labels,
      (column) => column.caption ?? column.name,
      [],
      extensionRegistry.displays,
    );
    const record = { id: 1, status: '进行中', count: 1200, note: '进行中' };
    render(
      <>
        <div data-testid="status">{cell(columns, 'status', record)}</div>
        <div data-testid="count">{cell(columns, 'count', record)}</div>
        <div data-testid="note">{cell(columns, 'note', record)}</div>
      </>,
    );
    const tag = screen.getByTestId('status').querySelector('.ant-tag');
    expect(tag).toHaveTextContent('进行中');
    expect(tag).toHaveClass(`ant-tag-${laneColor('进行中')}`);
    expect(screen.getByTestId('count').querySelector('.ant-tag')).toBeNull();
    expect(screen.getByTestId('count')).toHaveTextContent('1200');
    expect(screen.getByTestId('note').querySelector('.ant-tag')).toBeNull();
    expect(screen.getByTestId('note')).toHaveTextContent('进行中');
  });
});

describe('the file list', () => {
  it('shows sizes with their unit, and a business number column as it is', () => {
    const size: Column = { id: 9, name: 'size', caption: '大小', dataType: 'BIGINT' };
    const file: Table = { id: 8, name: 'file', systemable: true, columns: [size] };
    const product: Table = { id: 6, name: 'product', columns: [size] };
    const render = (one: Table) =>
      businessColumns({ ...meta(new Map()), table: one }, one.columns, labels, (column) => column.name);
    expect(cell(render(file), 'size', { id: 1, size: 1_572_864 })).toBe('1.5 MB');
    expect(cell(render(product), 'size', { id: 1, size: 1_572_864 })).toBe('1572864');
  });
});

describe('the bookkeeping columns', () => {
  it('show who by the name the record came with, else the id', () => {
    const owner: Column = { id: 10, name: 'ownerId', caption: '所有者编号', dataType: 'BIGINT' };
    const memo: Table = { id: 6, name: 'memo', columns: [owner] };
    const columns = businessColumns({ ...meta(new Map()), table: memo }, memo.columns, labels, (c) => c.name);
    expect(cell(columns, 'ownerId', { id: 1, ownerId: 7, $userNames: { '7': '文员小王' } })).toBe('文员小王');
    expect(cell(columns, 'ownerId', { id: 2, ownerId: 8, $userNames: { '7': '文员小王' } })).toBe('8');
  });
});

describe('the input chosen per column', () => {
  const renderField = (column: Column, interfaceId?: string) =>
    renderWithRefine(
      <Form initialValues={{ [column.name]: '待办' }}>
        <FormField
          field={{ column, readOnly: false, required: false }}
          mode="update"
          name={[column.name]}
          interfaceId={interfaceId}
        />
      </Form>,
    );

  it('uses a chosen extension input', async () => {
    renderField(status, 'kanban-lane-input');
    const dot = await screen.findByTestId('lane-dot');
    expect(dot).toHaveAttribute('data-color', laneColor('待办'));
    expect(screen.getByRole('textbox')).toHaveValue('待办');
  });

  it('keeps the data type’s input without a choice, or when the choice does not fit', async () => {
    renderField(note);
    expect(await screen.findByRole('textbox')).toHaveValue('待办');
    expect(screen.queryByTestId('lane-dot')).toBeNull();
  });

  it('ignores a choice that is not registered', async () => {
    renderField(note, 'gone');
    expect(await screen.findByRole('textbox')).toHaveValue('待办');
    expect(screen.queryByTestId('lane-dot')).toBeNull();
  });
});
