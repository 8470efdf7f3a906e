import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface DeleteRequest {
  ids: number[];
  /** A row's own delete (one record) or the batch delete of the selection. */
  batch: boolean;
  /** What a row's own delete removes, as the user knows it. */
  label?: string;
}

export interface UseListDeleteOptions {
  remove: (request: DeleteRequest, dropPhysicalTable: boolean) => Promise<void>;
  /** After a successful delete (refresh the list, clear the selection). */
  onDeleted: (ids: number[]) => void | Promise<void>;
}

/**
 * The confirm-then-delete flow of the metadata lists: 确认删除吗？ (with the 是否删除物理表 switch
 * where the page shows it), then 删除成功 or 删除失败 with the server's reason.
 */
export const useListDelete = ({ remove, onDeleted }: UseListDeleteOptions) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [request, setRequest] = useState<DeleteRequest | null>(null);
  const [dropPhysicalTable, setDropPhysicalTable] = useState(false);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!request) return;
    setBusy(true);
    try {
      await remove(request, dropPhysicalTable);
      void message.success(t('metadataList.deleteSuccess'));
      setRequest(null);
      await onDeleted(request.ids);
    } catch (error) {
      const reason = (error as { message?: string } | undefined)?.message;
      void message.error(
        reason ? t('metadataList.deleteFailedReason', { reason }) : t('metadataList.deleteFailed'),
      );
    } finally {
      setBusy(false);
    }
  };

  return {
    /** Opens the confirmation for these ids. */
    ask: (ids: number[], batch: boolean, label?: string) => {
      setDropPhysicalTable(false);
      setRequest({ ids, batch, ...(label ? { label } : {}) });
    },
    dialogProps: {
      open: request !== null,
      count: request?.ids.length ?? 0,
      label: request?.label,
      busy,
      dropPhysicalTable,
      onDropChange: setDropPhysicalTable,
      onOk: () => void confirm(),
      onCancel: () => setRequest(null),
    },
  };
};
