import { PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Table } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { readableRecordTitle } from '../../../contract';
import { useCaptionLanguage } from '../../common/hooks/useCaption';
import { SELECTION_WIDTH } from '../hooks/useBusinessListColumns';
import { useBusinessListContext } from '../hooks/useBusinessListContext';
import type { BusinessRecord } from '../lib/business-record';
import { tableScroll } from '../lib/table-virtual';
import { BusinessRowActions } from './BusinessRowActions';
import { RecordCards } from './RecordCards';
import { ROW_ACTIONS_WIDTH } from './RowActions';

/** Height of the blank table body under the spinner while the first rows load (about that of the empty state). */
const LOADING_HEIGHT = 120;

/**
 * A business list's records: a table with sortable headers, selection and each row's actions, or
 * on a phone a card per record.
 */
export const BusinessListRecords = () => {
  const { t } = useTranslation();
  const captionLanguage = useCaptionLanguage();
  const { list, table, recycle, rights, keyOf, selectedKeys, paths, openNew, columns } =
    useBusinessListContext();
  const { canKey, canCreate } = rights;

  const actionsColumn = useMemo<TableColumnsType<BusinessRecord>[number]>(
    () => ({
      key: '__actions',
      title: t('businessList.actions'),
      width: ROW_ACTIONS_WIDTH,
      fixed: 'right',
      render: (_: unknown, record: BusinessRecord) => <BusinessRowActions record={record} />,
    }),
    [t],
  );
  const tableColumns = useMemo(
    () => [...columns.dataColumns, actionsColumn],
    [columns.dataColumns, actionsColumn],
  );

  // While the first rows load, the table shows a spinner over a blank body, not 暂无记录 and 添加第一条记录.
  const loadingRows = list.isLoading || (list.isFetching && list.rows.length === 0);
  const firstRecord = canCreate && !recycle && !list.filtered;
  const emptyText = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        recycle
          ? t('businessList.recycleEmpty')
          : list.filtered
            ? t('businessList.noMatch')
            : t('businessList.noRecords')
      }
    >
      {firstRecord && (
        <Button type="primary" icon={<PlusOutlined />} onClick={openNew}>
          {t('businessList.addFirst')}
        </Button>
      )}
    </Empty>
  );

  const onTableChange: TableProps<BusinessRecord>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = typeof one?.columnKey === 'string' ? one.columnKey : undefined;
    list.sortBy(field, one?.order === 'descend' ? 'desc' : one?.order === 'ascend' ? 'asc' : undefined);
  };

  return columns.phone ? (
    <RecordCards
      records={list.rows}
      keyOf={list.keyOf}
      titleOf={(record) => readableRecordTitle(table, record, captionLanguage)}
      fields={columns.cardColumns}
      linkOf={
        canKey && !recycle ? (record) => ({ to: paths.record(record), state: paths.returnState }) : undefined
      }
      actionsOf={(record) => <BusinessRowActions record={record} card />}
      loading={loadingRows}
      empty={emptyText}
      selection={
        canKey
          ? {
              isSelected: (key) => list.selected.has(key),
              onToggle: (record, selected) => {
                const key = keyOf(record);
                const keys = selected
                  ? [...selectedKeys, key]
                  : selectedKeys.filter((other) => other !== key);
                list.select(keys, [record]);
              },
            }
          : undefined
      }
    />
  ) : (
    <Table<BusinessRecord>
      rowKey={canKey ? list.keyOf : undefined}
      onRow={columns.rowHint}
      size="middle"
      columns={tableColumns}
      dataSource={list.rows}
      loading={loadingRows}
      pagination={false}
      onChange={onTableChange}
      showSorterTooltip={false}
      {...tableScroll(list.rows.length, tableColumns.length, columns.tableWidth)}
      locale={{ emptyText: loadingRows ? <div style={{ minHeight: LOADING_HEIGHT }} /> : emptyText }}
      rowSelection={
        canKey
          ? {
              selectedRowKeys: selectedKeys,
              preserveSelectedRowKeys: true,
              columnWidth: SELECTION_WIDTH,
              onChange: list.select,
            }
          : undefined
      }
    />
  );
};
