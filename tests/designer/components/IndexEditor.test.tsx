import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { useState } from 'react';
import type { Column } from '../../../contract';
import { IndexEditor } from '../../../src/designer/components/IndexEditor';
import { toIndexOutput, toIndexRows, type IndexRow } from '../../../src/designer/lib/index-rows';
import { i18n, loadLocale } from '../../../src/providers/i18n-provider';
import { button, headers } from '../../helpers/dom';

const columns: Column[] = [
  { id: 1, name: 'id', caption: '编号', dataType: 'BIGINT', indexType: 'PRIMARY' },
  { id: 2, name: 'code', caption: '编码', dataType: 'VARCHAR' },
  { id: 3, name: 'shopId', caption: '店铺', captions: { 'en-US': 'Shop' }, dataType: 'BIGINT' },
];

const NOW = 1_750_000_000_000;

/** The editor with its rows in state; `latest` holds the rows after each change. */
const setup = (initial: IndexRow[] = []) => {
  const latest: { rows: IndexRow[] } = { rows: initial };
  let tick = 0;
  const Harness = () => {
    const [rows, setRows] = useState(initial);
    return (
      <IndexEditor
        rows={rows}
        columns={columns}
        now={() => NOW + tick++}
        onChange={(next) => {
          latest.rows = next;
          setRows(next);
        }}
      />
    );
  };
  render(
    <AntApp>
      <Harness />
    </AntApp>,
  );
  return latest;
};

const names = () =>
  screen.queryAllByLabelText(/^索引名称 \d+$/).map((input) => (input as HTMLInputElement).value);

/** Opens an antd Select by its accessible name. */
const openSelect = (label: string) =>
  fireEvent.mouseDown(screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT') as HTMLElement);

describe('IndexEditor', () => {
  it('shows the index columns the product describes', () => {
    setup();
    expect(headers()).toEqual([
      '',
      '操作',
      '中文名称',
      '索引名称',
      '索引类型',
      '索引存储',
      '列',
      '描述',
      '创建时间',
      '修改时间',
    ]);
    expect(button('批量删除')).toBeDisabled();
  });

  it('添加索引 adds index{n} / 索引{n} / 描述{n} rows flagged new, with no type, storage or columns', () => {
    const latest = setup();
    fireEvent.click(button('添加索引'));
    fireEvent.click(button('添加索引'));
    expect(names()).toEqual(['index0', 'index1']);
    expect(screen.getByLabelText('中文名称 2')).toHaveValue('索引1');
    expect(screen.getByLabelText('描述 2')).toHaveValue('描述1');
    expect(latest.rows).toEqual([
      expect.objectContaining({
        id: NOW,
        isNewRow: true,
        indexType: null,
        indexStorage: null,
        columnIds: [],
      }),
      expect.objectContaining({
        id: NOW + 1,
        isNewRow: true,
        name: 'index1',
        caption: '索引1',
        description: '描述1',
      }),
    ]);
  });

  it('a row delete removes that row only', () => {
    const latest = setup(
      toIndexRows([
        { id: 40, name: 'uq_code', indexType: 'UNIQUE', indexLines: [{ column: { id: 2, name: 'code' } }] },
      ]),
    );
    fireEvent.click(button('添加索引'));
    fireEvent.click(button('添加索引'));
    expect(names()).toEqual(['uq_code', 'index1', 'index2']);
    fireEvent.click(screen.getByLabelText('删除 2'));
    expect(names()).toEqual(['uq_code', 'index2']);
    expect(toIndexOutput(latest.rows, columns)).toEqual([
      {
        id: 40,
        isNewRow: false,
        caption: '',
        description: null,
        indexStorage: null,
        indexType: 'UNIQUE',
        name: 'uq_code',
        indexLines: [{ column: { id: 2, name: 'code' } }],
      },
      expect.objectContaining({ name: 'index2', isNewRow: true, indexLines: [] }),
    ]);
  });

  it('批量删除 removes the selected rows', () => {
    const latest = setup();
    const add = button('添加索引');
    fireEvent.click(add);
    fireEvent.click(add);
    fireEvent.click(add);
    fireEvent.click(screen.getByLabelText('选择 index0'));
    fireEvent.click(screen.getByLabelText('选择 index2'));
    expect(screen.getByText('已选择 2 项')).toBeInTheDocument();
    fireEvent.click(button('批量删除'));
    expect(names()).toEqual(['index1']);
    expect(latest.rows.map((row) => row.name)).toEqual(['index1']);
    expect(button('批量删除')).toBeDisabled();
  });

  it('edits a row and shows its columns as index lines', () => {
    const latest = setup();
    fireEvent.click(button('添加索引'));
    fireEvent.change(screen.getByLabelText('索引名称 1'), { target: { value: 'ix_shop' } });
    openSelect('列 1');
    fireEvent.click(within(document.body).getByTitle('店铺 (shopId)'));
    openSelect('索引类型 1');
    fireEvent.click(within(document.body).getByTitle('普通'));
    expect(toIndexOutput(latest.rows, columns)[0]).toMatchObject({
      name: 'ix_shop',
      indexType: 'INDEX',
      indexLines: [{ column: { id: 3, name: 'shopId' } }],
    });
  });

  it('names the columns in the UI language', async () => {
    await loadLocale('en-US');
    await act(() => i18n.changeLanguage('en-US'));
    try {
      setup();
      fireEvent.click(button('Add index'));
      openSelect('Columns 1');
      expect(within(document.body).getByTitle('Shop (shopId)')).toBeInTheDocument();
      expect(within(document.body).getByTitle('编码 (code)')).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('zh-CN'));
    }
  });
});
