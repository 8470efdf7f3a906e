import { useList } from '@refinedev/core';
import { Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { businessPermission, SOFT_DELETE_COLUMN, type Table } from '../../contract';

/**
 * How many records a table holds, as its list shows them (soft-deleted ones left out when the
 * table has the flag), read through Refine so that deletes and saves refresh it. Quietly shows
 * nothing when the count cannot be read.
 */
export const RecordCount = ({ table, dataSource }: { table: Table; dataSource: string }) => {
  const { t } = useTranslation();
  const softDeletable = table.columns?.some((column) => column.name === SOFT_DELETE_COLUMN) ?? false;
  const keys = table.primaryNames ?? [];
  const { query, result } = useList({
    resource: table.name,
    pagination: { currentPage: 1, pageSize: 1, mode: 'server' },
    filters: softDeletable ? [{ field: SOFT_DELETE_COLUMN, operator: 'eq', value: 'false' }] : [],
    meta: {
      dataSource,
      requiredPermissions: [businessPermission(table.name, 'read')],
      ...(keys.length > 0 ? { select: keys } : {}),
    },
    queryOptions: { retry: false },
    successNotification: false,
    errorNotification: false,
  });
  if (query.isPending) return <Skeleton.Button active size="small" style={{ width: 64, height: 16 }} />;
  if (query.isError) return null;
  return <Typography.Text strong>{t('home.recordCount', { count: result.total })}</Typography.Text>;
};
