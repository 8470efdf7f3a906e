import { useQuery } from '@tanstack/react-query';
import { Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Table } from '../../contract';
import { countRecords } from '../api/business';

/**
 * How many records a table holds, as its list shows them (soft-deleted ones left out when the
 * table has the flag). Quietly shows nothing when the count cannot be read.
 */
export const RecordCount = ({ table, dataSource }: { table: Table; dataSource: string }) => {
  const { t } = useTranslation();
  const softDeletable = table.columns?.some((column) => column.name === 'isDeleted') ?? false;
  const count = useQuery({
    queryKey: ['business', dataSource, table.name, 'homeCount'],
    queryFn: ({ signal }) =>
      countRecords(table.name, softDeletable ? { filters: { isDeleted: 'false' } } : {}, signal),
    staleTime: 30_000,
    retry: false,
  });
  if (count.isPending) return <Skeleton.Button active size="small" style={{ width: 64, height: 16 }} />;
  if (count.isError) return null;
  return <Typography.Text strong>{t('home.recordCount', { count: count.data })}</Typography.Text>;
};
