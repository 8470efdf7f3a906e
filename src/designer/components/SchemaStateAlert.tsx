import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableSchemaState } from '../../../contract';
import { useCustomCall } from '../../common/hooks/useCustomCall';
import { repairTableSchemaCall, tableSchemaStateCall } from '../../providers/custom-calls';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';

/**
 * A warning above the designer when the physical table no longer has the columns its metadata
 * lists (a schema change a stopped server left half-applied, a column dropped by hand), with the
 * repair that finishes or takes back the unfinished change. Nothing while they agree.
 */
export const SchemaStateAlert = ({ tableId, tableName }: { tableId: number; tableName: string }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { dataSource } = useCurrentDataSource();
  const call = useCustomCall('metadata');
  const [busy, setBusy] = useState(false);
  const query = useQuery({
    queryKey: ['table-schema-state', dataSource, tableId],
    queryFn: ({ signal }) => call<TableSchemaState>({ ...tableSchemaStateCall(tableId), meta: { signal } }),
  });
  const state = query.data;
  if (!state || state.inStep) return null;

  const repair = async () => {
    setBusy(true);
    try {
      const after = await call<TableSchemaState>(repairTableSchemaCall(tableId));
      if (after.inStep) void message.success(t('designer.schemaState.repaired'));
      else void message.warning(t('designer.schemaState.stillOut'));
      await query.refetch();
    } catch (error) {
      void message.error((error as { message?: string }).message ?? t('designer.schemaState.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Alert
      type="warning"
      showIcon
      message={t('designer.schemaState.title', { table: tableName })}
      description={
        <>
          {state.unfinishedChange ? <div>{t('designer.schemaState.unfinished')}</div> : null}
          {state.missingColumns.length > 0 ? (
            <div>{t('designer.schemaState.missing', { columns: state.missingColumns.join(', ') })}</div>
          ) : null}
        </>
      }
      action={
        <Button size="small" type="primary" loading={busy} onClick={() => void repair()}>
          {t('designer.schemaState.repair')}
        </Button>
      }
    />
  );
};
