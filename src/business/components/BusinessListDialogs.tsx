import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../common/components/ConfirmDialog';
import { useBusinessListContext } from '../hooks/useBusinessListContext';
import { useTableHeading } from '../hooks/useTableHeading';
import type { BusinessRecord } from '../lib/business-record';
import { DeletedRecordsDrawer } from './DeletedRecordsDrawer';
import { ExportProgressDialog } from './ExportProgressDialog';
import { JsonViewer } from './JsonViewer';
import { RecordConfirmText } from './RecordConfirmText';

/**
 * A business list's dialogs: the confirmation of a delete or restore, the deleted records (from the
 * record history), the progress of a long export and a record's JSON.
 */
export const BusinessListDialogs = () => {
  const { t } = useTranslation();
  const controller = useBusinessListContext();
  const { tableName, meta, table, list, rights, pending, exporter, json } = controller;
  const heading = useTableHeading(tableName, table);
  const title = heading.caption ?? tableName;
  const confirmTitle =
    pending?.kind === 'softDelete'
      ? t('businessList.softDeleteConfirm')
      : pending?.kind === 'restore'
        ? t('businessList.restoreConfirm')
        : t('businessList.deleteConfirm');
  return (
    <>
      <ConfirmDialog
        open={pending !== null}
        title={confirmTitle}
        okText={t('common.ok')}
        danger={pending?.kind !== 'restore'}
        busy={controller.busy}
        onOk={() => void controller.confirm()}
        onCancel={controller.cancelPending}
      >
        {pending && (
          <RecordConfirmText
            action={pending.kind}
            table={table}
            records={pending.keys.flatMap((key): BusinessRecord[] => {
              const record = list.selected.get(key) ?? list.rows.find((r) => list.keyOf(r) === key);
              return record ? [record] : [];
            })}
            count={pending.keys.length}
          />
        )}
      </ConfirmDialog>
      {rights.keepsHistory && (
        <DeletedRecordsDrawer
          open={controller.deletedOpen}
          onClose={() => controller.setDeletedOpen(false)}
          meta={meta}
          dataSource={list.dataSource}
          canRestore={rights.canCreate}
        />
      )}
      <ExportProgressDialog
        startedAt={exporter.running?.startedAt ?? null}
        description={t('businessList.exportDescription', { table: title })}
        onClose={exporter.dismiss}
      />
      <JsonViewer open={json !== null} value={json} title={title} onClose={controller.closeJson} />
    </>
  );
};
