import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Relation, Table } from '../../../contract';
import { RelationFormPage } from '../../../src/relations/pages/RelationFormPage';
import { appProviders } from '../../helpers/appProviders';
import { button } from '../../helpers/dom';
import { installFakeHttp, type FakeHttp } from '../../helpers/fakeHttp';
import { currentPath, renderPage } from '../../helpers/renderPage';

vi.setConfig({ testTimeout: 30_000 });

const LIST = '/dataSource/primary/metadata/relations';
const ROUTE = 'dataSource/:dataSource/metadata/relations';

const TABLES: Table[] = [
  {
    id: 1,
    name: 'customer',
    caption: '客户',
    primaryNames: ['id'],
    columns: [
      { id: 11, name: 'id', caption: '编号', dataType: 'BIGINT', indexType: 'PRIMARY' },
      { id: 12, name: 'code', caption: '编码', dataType: 'VARCHAR' },
      { id: 13, name: 'note', caption: '备注', dataType: 'TEXT' },
      { id: 14, name: 'createdDate', caption: '创建时间', dataType: 'DATETIME' },
    ],
  },
  {
    id: 2,
    name: 'order',
    caption: '订单',
    primaryNames: ['id'],
    columns: [
      { id: 21, name: 'id', caption: '编号', dataType: 'BIGINT', indexType: 'PRIMARY' },
      { id: 22, name: 'customerId', caption: '客户编号', dataType: 'BIGINT' },
      { id: 23, name: 'amount', caption: '金额', dataType: 'DECIMAL' },
    ],
  },
];

let server: FakeHttp;
beforeEach(() => {
  server = installFakeHttp();
  server.on('GET', '/business/config', { data: [] });
  server.on('GET', '/metadata/tables', { data: TABLES });
});
afterEach(() => {
  expect(server.unexpected).toEqual([]);
  server.restore();
});

const input = (field: string) => document.getElementById(`relation-${field}`) as HTMLInputElement;
/** Opens an antd select and picks the option with this text. */
const choose = async (field: string, text: string) => {
  const box = input(field).closest('.ant-select') as HTMLElement;
  fireEvent.mouseDown(box.querySelector('.ant-select-selector') as HTMLElement);
  const option = await waitFor(() => {
    const found = [
      ...document.querySelectorAll(
        '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
      ),
    ].find((o) => o.textContent?.startsWith(text));
    if (!found) throw new Error(`no option ${text}`);
    return found as HTMLElement;
  });
  fireEvent.click(option);
};
const optionTexts = async (field: string) => {
  const box = input(field).closest('.ant-select') as HTMLElement;
  fireEvent.mouseDown(box.querySelector('.ant-select-selector') as HTMLElement);
  return waitFor(() => {
    const dropdowns = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')];
    const last = dropdowns.at(-1);
    if (!last) throw new Error('no dropdown');
    return [...last.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
  });
};
const selected = (field: string) =>
  (input(field).closest('.ant-select') as HTMLElement).querySelector('.ant-select-selection-item')
    ?.textContent ?? '';

const newPage = async () => {
  renderPage(<RelationFormPage />, { url: `${LIST}/new`, route: `${ROUTE}/new`, ...appProviders });
  await waitFor(() => expect(server.sent('GET', '/metadata/tables')).toHaveLength(1));
};

describe('RelationFormPage', () => {
  it('offers only integer, CHAR and VARCHAR columns of the chosen table', async () => {
    await newPage();
    expect(input('fromColumnId')).toBeDisabled();
    await choose('fromTableId', '客户');
    const options = await optionTexts('fromColumnId');
    expect(options).toHaveLength(2);
    expect(options[0]).toContain('编号 (id)');
    expect(options[0]).toContain('BIGINT · 主键');
    expect(options[1]).toContain('编码 (code)');
  });

  it('says which end is the key, and fills the key and foreign key for a many-to-one', async () => {
    await newPage();
    await choose('relationType', '多对一');
    expect(screen.getByText(/起始字段是本表的外键，目标字段是目标表的主键/)).toBeInTheDocument();
    expect(screen.getByText('外键端')).toBeInTheDocument();
    expect(screen.getByText('主键端')).toBeInTheDocument();
    await choose('fromTableId', '订单');
    await choose('toTableId', '客户');
    await waitFor(() => expect(selected('toColumnId')).toContain('编号 (id)'));
    expect(selected('fromColumnId')).toContain('客户编号 (customerId)');
  });

  it('creates a relation with id references and returns to the list', async () => {
    server.on('POST', '/metadata/tablerelations', { status: 201, data: 5 });
    await newPage();
    fireEvent.change(input('name'), { target: { value: 'customer' } });
    fireEvent.change(input('caption'), { target: { value: '客户' } });
    await choose('relationType', '多对一');
    await choose('fromTableId', '订单');
    await choose('toTableId', '客户');
    await waitFor(() => expect(selected('fromColumnId')).not.toBe(''));
    fireEvent.click(button('保存'));
    await waitFor(() => expect(currentPath()).toBe(LIST));
    expect(server.sent('POST', '/metadata/tablerelations')[0]?.body).toEqual({
      name: 'customer',
      caption: '客户',
      description: null,
      relationType: 'ManyToOne',
      fromTable: { id: 2 },
      fromColumn: { id: 22 },
      toTable: { id: 1 },
      toColumn: { id: 11 },
    });
  });

  it('marks missing fields and sends nothing', async () => {
    await newPage();
    fireEvent.click(button('保存'));
    await waitFor(() => expect(screen.getAllByText('必填').length).toBeGreaterThanOrEqual(6));
    expect(server.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('shows the server’s field errors on the fields', async () => {
    const stored: Relation = {
      id: 4,
      name: 'customer',
      caption: '客户',
      relationType: 'ManyToOne',
      fromTable: { id: 2, name: 'order' },
      fromColumn: { id: 22, name: 'customerId' },
      toTable: { id: 1, name: 'customer' },
      toColumn: { id: 12, name: 'code' },
    };
    server.on('GET', '/metadata/tablerelations/4', { data: stored });
    server.on('PATCH', '/metadata/tablerelations/4', {
      status: 400,
      data: {
        code: 'VALIDATION_ERROR',
        message: '校验失败',
        errors: { 'toColumn.id': '目标字段必须唯一', name: '名称重复' },
      },
    });
    renderPage(<RelationFormPage />, { url: `${LIST}/4`, route: `${ROUTE}/:id`, ...appProviders });
    await waitFor(() => expect(input('name')).toHaveValue('customer'));
    // the stored to-column is text while the from-column is an integer: the form says so first
    expect(await screen.findByText(/两端字段类型不兼容（BIGINT 与 VARCHAR）/)).toBeInTheDocument();
    await choose('toColumnId', '编号 (id)');
    fireEvent.click(button('保存'));
    expect(await screen.findByText('目标字段必须唯一')).toBeInTheDocument();
    expect(screen.getByText('名称重复')).toBeInTheDocument();
    expect(server.sent('PATCH', '/metadata/tablerelations/4')[0]?.body).toMatchObject({
      toColumn: { id: 11 },
    });
    fireEvent.change(input('name'), { target: { value: 'buyer' } });
    await waitFor(() => expect(screen.queryByText('名称重复')).toBeNull());
  });
});
