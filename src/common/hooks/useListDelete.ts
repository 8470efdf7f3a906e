import { useDelete, useDeleteMany } from '@refinedev/core';
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
  /** The metadata resource the rows belong to (`tables`, `sequences`, `tablerelations`). */
  resource: string;
  /** After a successful delete (forget the selection, refresh what else shows these rows). */
  onDeleted: (ids: number[]) => void | Promise<void>;
}

/**
 * The confirm-then-delete flow of the metadata lists through Refine's `useDelete` /
 * `useDeleteMany` (whose invalidation refreshes the lists): 确认删除吗？ (with the 是否删除物理表
 * switch where the page shows it), then 删除成功 or 删除失败 with the server's reason.
 */
export const useListDelete = ({ resource, onDeleted }: UseListDeleteOptions) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [request, setRequest] = useState<DeleteRequest | null>(null);
  const [dropPhysicalTable, setDropPhysicalTable] = useState(false);
  const { mutateAsync: deleteOne, mutation: one } = useDelete();
  const { mutateAsync: deleteMany, mutation: many } = useDeleteMany();

  const confirm = async () => {
    if (!request) return;
    const common = {
      resource,
      dataProviderName: 'metadata',
      values: { isDropPhysicalTable: dropPhysicalTable },
      mutationMode: 'pessimistic' as const,
      successNotification: false as const,
      errorNotification: false as const,
    };
    try {
      if (request.batch) await deleteMany({ ...common, ids: request.ids });
      else await deleteOne({ ...common, id: request.ids[0] ?? '' });
      void message.success(t('metadataList.deleteSuccess'));
      setRequest(null);
      await onDeleted(request.ids);
    } catch (error) {
      const reason = (error as { message?: string } | undefined)?.message;
      void message.error(
        reason ? t('metadataList.deleteFailedReason', { reason }) : t('metadataList.deleteFailed'),
      );
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
      busy: one.isPending || many.isPending,
      dropPhysicalTable,
      onDropChange: setDropPhysicalTable,
      onOk: () => void confirm(),
      onCancel: () => setRequest(null),
    },
  };
};
