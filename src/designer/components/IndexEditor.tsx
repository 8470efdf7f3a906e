import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Select, Table, Tooltip, Typography, theme } from 'antd';
import type { CheckboxProps, TableColumnsType } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../../contract';
import { useCaption } from '../../common/hooks/useCaption';
import { formatDateTime } from '../../common/lib/date-time';
import {
  addIndexRow,
  canAddIndexRow,
  deleteIndexRow,
  deleteIndexRows,
  MAX_INDEX_ROWS,
  updateIndexRow,
  visibleIndexRows,
  type CompositeIndexStorage,
  type CompositeIndexType,
  type IndexRow,
} from '../lib/index-rows';
import { columnLabel } from '../lib/column-label';
import { SelectCell, TextCell, type CellOption } from './CellEditors';

export interface IndexEditorProps {
  rows: IndexRow[];
  /** The table's columns (the 列 picker offers them). */
  columns: readonly Column[];
  /** Messages by row id (as text), then by field. */
  errors?: Record<string, Record<string, string>>;
  onChange: (rows: IndexRow[]) => void;
  /** Clock of new rows' timestamp ids. */
  now?: () => number;
}

const INDEX_TYPES: CompositeIndexType[] = ['PRIMARY', 'UNIQUE', 'INDEX'];
const INDEX_STORAGES: CompositeIndexStorage[] = ['BTREE', 'HASH'];

/**
 * docs/product.md §2 "Index editor": an editable table (操作, 中文名称, 索引名称, 索引类型, 索引存储, 列, 描述,
 * 创建时间, 修改时间) with a checkbox and a delete button per row, and a toolbar with 批量删除 and
 * 添加索引. Up to 9999 rows.
 */
export const IndexEditor = ({ rows, columns, errors = {}, onChange, now = Date.now }: IndexEditorProps) => {
  const { t } = useTranslation();
  const captionOf = useCaption();
  const { token } = theme.useToken();
  const [selected, setSelected] = useState<number[]>([]);
  const selectedInRows = selected.filter((id) => rows.some((row) => row.id === id));

  const byId = useMemo(() => new Map(rows.map((row) => [String(row.id), row.id])), [rows]);
  const change = useCallback(
    (rowKey: string, field: string, value: unknown) => {
      const id = byId.get(rowKey);
      if (id !== undefined) onChange(updateIndexRow(rows, id, { [field]: value }));
    },
    [byId, onChange, rows],
  );

  const options = useMemo(
    () => ({
      types: INDEX_TYPES.map((value) => ({
        value,
        label: t(`enums.indexType.${value}`),
      })) as CellOption<CompositeIndexType>[],
      storages: INDEX_STORAGES.map((value) => ({
        value,
        label: t(`enums.indexStorage.${value}`),
      })) as CellOption<CompositeIndexStorage>[],
      columns: columns
        .filter((column) => column.id !== undefined)
        .map((column) => ({
          value: column.id as number,
          label: columnLabel(column, captionOf),
        })),
    }),
    [t, columns, captionOf],
  );

  const head = (key: string) => t(`indexes.${key}`);
  const label = (key: string, index: number) => `${head(key)} ${index + 1}`;
  const errorOf = (row: IndexRow, field: string) => errors[String(row.id)]?.[field];

  const tableColumns: TableColumnsType<IndexRow> = [
    {
      title: head('actions'),
      key: 'actions',
      width: 64,
      fixed: 'left',
      align: 'center',
      render: (_: unknown, row, index) => (
        <Tooltip title={t('buttons.delete')} mouseEnterDelay={0.6}>
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={`${t('buttons.delete')} ${index + 1}`}
            onClick={() => onChange(deleteIndexRow(rows, row.id))}
          />
        </Tooltip>
      ),
    },
    {
      title: head('caption'),
      key: 'caption',
      width: 110,
      render: (_: unknown, row, index) => (
        <TextCell
          rowKey={String(row.id)}
          field="caption"
          label={label('caption', index)}
          value={row.caption}
          error={errorOf(row, 'caption')}
          onChange={change}
        />
      ),
    },
    {
      title: head('name'),
      key: 'name',
      width: 130,
      render: (_: unknown, row, index) => (
        <TextCell
          rowKey={String(row.id)}
          field="name"
          label={label('name', index)}
          value={row.name}
          error={errorOf(row, 'name')}
          onChange={change}
        />
      ),
    },
    {
      title: head('indexType'),
      key: 'indexType',
      width: 90,
      render: (_: unknown, row, index) => (
        <SelectCell<CompositeIndexType>
          rowKey={String(row.id)}
          field="indexType"
          label={label('indexType', index)}
          value={row.indexType}
          options={options.types}
          placeholder={t('indexes.choose')}
          error={errorOf(row, 'indexType')}
          onChange={change}
        />
      ),
    },
    {
      title: head('indexStorage'),
      key: 'indexStorage',
      width: 90,
      render: (_: unknown, row, index) => (
        <SelectCell<CompositeIndexStorage>
          rowKey={String(row.id)}
          field="indexStorage"
          label={label('indexStorage', index)}
          value={row.indexStorage}
          options={options.storages}
          allowClear
          placeholder={t('indexes.defaultStorage')}
          error={errorOf(row, 'indexStorage')}
          onChange={change}
        />
      ),
    },
    {
      title: head('columns'),
      key: 'columns',
      width: 220,
      render: (_: unknown, row, index) => {
        const error = errorOf(row, 'indexLines');
        return (
          <>
            <Select<number[]>
              mode="multiple"
              size="small"
              aria-label={label('columns', index)}
              status={error ? 'error' : undefined}
              value={row.columnIds}
              options={options.columns}
              placeholder={t('indexes.chooseColumns')}
              optionFilterProp="label"
              style={{ width: '100%' }}
              onChange={(ids) => onChange(updateIndexRow(rows, row.id, { columnIds: ids }))}
            />
            {error && (
              <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }}>
                {error}
              </Typography.Text>
            )}
          </>
        );
      },
    },
    {
      title: head('description'),
      key: 'description',
      width: 130,
      render: (_: unknown, row, index) => (
        <TextCell
          rowKey={String(row.id)}
          field="description"
          label={label('description', index)}
          value={row.description}
          error={errorOf(row, 'description')}
          onChange={change}
        />
      ),
    },
    {
      title: head('createdDate'),
      key: 'createdDate',
      width: 150,
      render: (_: unknown, row) => formatDateTime(row.createdDate),
    },
    {
      title: head('lastModifiedDate'),
      key: 'lastModifiedDate',
      width: 150,
      render: (_: unknown, row) => formatDateTime(row.lastModifiedDate),
    },
  ];

  const atLimit = !canAddIndexRow(rows);
  return (
    <Flex vertical gap={token.marginSM}>
      <Flex justify="space-between" align="center" gap={token.marginSM} wrap>
        <Typography.Text type="secondary">
          {selectedInRows.length > 0
            ? t('metadataList.selected', { count: selectedInRows.length })
            : t('indexes.count', { count: rows.length })}
        </Typography.Text>
        <Flex gap={token.marginXS}>
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={selectedInRows.length === 0}
            onClick={() => {
              onChange(deleteIndexRows(rows, selectedInRows));
              setSelected([]);
            }}
          >
            {t('metadataList.batchDelete')}
          </Button>
          <Tooltip title={atLimit ? t('indexes.limit', { max: MAX_INDEX_ROWS }) : undefined}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={atLimit}
              onClick={() => onChange(addIndexRow(rows, now()))}
            >
              {t('indexes.add')}
            </Button>
          </Tooltip>
        </Flex>
      </Flex>
      <Table<IndexRow>
        rowKey="id"
        size="small"
        bordered
        tableLayout="fixed"
        columns={tableColumns}
        dataSource={visibleIndexRows(rows)}
        pagination={false}
        scroll={{ x: 1160 }}
        locale={{ emptyText: t('indexes.empty') }}
        rowSelection={{
          selectedRowKeys: selectedInRows,
          onChange: (keys) => setSelected(keys.map(Number)),
          getTitleCheckboxProps: () => ({ 'aria-label': t('indexes.selectAll') }) as CheckboxProps,
          getCheckboxProps: (row) =>
            ({ 'aria-label': `${t('indexes.select')} ${row.name}` }) as CheckboxProps,
        }}
      />
    </Flex>
  );
};
