import { useCan, useList } from '@refinedev/core';
import { Empty, Table as DataTable } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { businessPermission, encodeRecordKey, type Column, type Table } from '../../../contract';
import { useCaption } from '../../common/hooks/useCaption';
import { cellText } from '../../business/lib/business-cells';
import { softDeleteFilter } from '../../business/lib/business-filters';
import type { BusinessRecord } from '../../business/lib/business-record';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';

/** How many of the table's records the list preview shows. */
export const PREVIEW_ROWS = 3;

/**
 * The form builder's list preview: the chosen columns in their order over the table's first few
 * records, as the list will show them (to who may read the records; otherwise the headers alone).
 */
export const LayoutPreviewList = ({ table, columns }: { table: Table; columns: Column[] }) => {
  const { t } = useTranslation();
  const captionOf = useCaption();
  const { dataSource } = useCurrentDataSource();
  const { data: access } = useCan({
    resource: table.name,
    action: 'list',
    params: { resource: { name: table.name, meta: { dataSource } } },
  });
  // the records are asked for only when there is something to show them under and the user may read them
  const enabled = access?.can === true && columns.length > 0;
  const { result, query } = useList<BusinessRecord>({
    resource: table.name,
    pagination: { currentPage: 1, pageSize: PREVIEW_ROWS, mode: 'server' },
    filters: Object.entries(softDeleteFilter(table, false)).map(([field, value]) => ({
      field,
      operator: 'eq' as const,
      value,
    })),
    meta: { dataSource, requiredPermissions: [businessPermission(table.name, 'read')] },
    errorNotification: false,
    queryOptions: { enabled },
  });
  const labels = useMemo(() => ({ yes: t('common.yes'), no: t('common.no') }), [t]);
  const primaryNames = table.primaryNames ?? ['id'];
  return (
    <DataTable<BusinessRecord>
      size="small"
      bordered
      data-testid="preview-list"
      rowKey={(record) => encodeRecordKey(primaryNames, record)}
      pagination={false}
      scroll={{ x: 'max-content' }}
      loading={enabled && query.isLoading}
      dataSource={enabled ? result.data : []}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
      columns={columns.map((column) => ({
        key: column.name,
        dataIndex: column.name,
        title: captionOf(column),
        ellipsis: true,
        render: (value: unknown) => cellText(column, value, labels),
      }))}
    />
  );
};
