import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { Table } from '../../../contract';
import { LoadFailed } from '../../common/components/LoadFailed';
import { PageSpin } from '../../common/components/PageSpin';
import { TableDesigner } from '../components/TableDesigner';
import { useMetadataRecord } from '../../common/hooks/useMetadataRecord';
import { tablePaths } from '../../common/lib/metadata-paths';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';

/** `metadata/tables/:id`: the designer over the stored table. */
export const TableEditPage = () => {
  const { t } = useTranslation();
  const { id } = useParams();
  const { dataSource } = useCurrentDataSource();
  const table = useMetadataRecord<Table>('tables', id);
  if (table.isPending) return <PageSpin />;
  if (table.isError) {
    return (
      <LoadFailed
        title={t('screens.tableEdit')}
        breadcrumb={[
          { title: t('menu.metadata') },
          { title: t('screens.tables'), path: tablePaths(dataSource).list },
        ]}
        error={table.error}
        onRetry={() => void table.refetch()}
      />
    );
  }
  // Keyed by id: a background refresh never replaces what the user is editing.
  return <TableDesigner key={String(table.data.id)} table={table.data} />;
};
