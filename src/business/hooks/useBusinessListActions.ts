import {
  useCan,
  useCustomMutation,
  useDelete,
  useDeleteMany,
  useInvalidate,
  type CrudFilter,
} from '@refinedev/core';
import { App } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { businessPermission, type BusinessAction } from '../../../contract';
import { failureReason } from '../../common/lib/failure-reason';
import { appPaths } from '../../common/lib/menu';
import { quietPost, restoreRecordsCall } from '../../providers/custom-calls';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';
import type { RowAction } from '../components/RowActions';
import { hasSoftDelete } from '../lib/business-filters';
import type { BusinessRecord } from '../lib/business-record';
import { listReturnState } from '../lib/list-return';
import { useBusinessList } from './useBusinessList';
import type { BusinessTableMeta } from './useBusinessTable';
import { useRecordExport, type ExportFormat } from './useRecordExport';

/** What a confirmation is asked for: deleting (for good or to the recycle bin) or restoring these records. */
export type PendingRecords = { keys: string[]; kind: 'delete' | 'softDelete' | 'restore' };

/** Whether the signed-in user may do `action` on the table's records of the current data source (through the access control). */
const useMay = (tableName: string, action: BusinessAction): boolean => {
  const { dataSource } = useCurrentDataSource();
  const refineAction = action === 'update' ? 'edit' : action === 'read' ? 'list' : action;
  return (
    useCan({
      resource: tableName,
      action: refineAction,
      params: {
        resource: { name: tableName, meta: { dataSource } },
      },
    }).data?.can === true
  );
};

/**
 * The generic list's controller (docs/product.md §2): the list itself (`useBusinessList`: rows,
 * keyword, filters, sort, page, selection), what the user may do (the access check and the table's
 * own rules), the row and batch actions with their confirmation, deletes and restores through
 * Refine's mutations, the export, and where the list's buttons lead (with the list's state, which the
 * forms come back to). Its view reads it through `useBusinessListContext`.
 */
export const useBusinessListActions = (tableName: string, meta: BusinessTableMeta, readOnly: boolean) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const list = useBusinessList(tableName, meta);
  const [pending, setPending] = useState<PendingRecords | null>(null);
  const [deletedOpen, setDeletedOpen] = useState(false);
  const exporter = useRecordExport(tableName);
  const [json, setJson] = useState<BusinessRecord | null>(null);
  const { mutateAsync: deleteOne, mutation: deleteOneState } = useDelete();
  const { mutateAsync: deleteMany, mutation: deleteManyState } = useDeleteMany();
  const { mutateAsync: custom, mutation: customState } = useCustomMutation();
  const invalidate = useInvalidate();
  const busy = deleteOneState.isPending || deleteManyState.isPending || customState.isPending;
  const mayDelete = useMay(tableName, 'delete');
  const mayUpdate = useMay(tableName, 'update');
  const mayExport = useMay(tableName, 'export');
  const mayImport = useMay(tableName, 'import');
  const mayCreate = useMay(tableName, 'create');

  const { table } = meta;
  const locked = readOnly || Boolean(table.readOnly);
  const canKey = (table.primaryNames?.length ?? 0) > 0;
  const canDelete = !locked && canKey && mayDelete;
  const canUpdate = !locked && canKey && mayUpdate;
  const canCreate = !locked && mayCreate;
  // hard-deleted records come back from the record history, which system tables do not keep
  const keepsHistory = table.systemable !== true;
  const softDeletable = hasSoftDelete(table);
  const { dataSource, recycle, keyOf, query } = list;
  const base = appPaths(dataSource).business(tableName);
  // The forms this list opens come back to it as it is now (keyword, filters, sort, page).
  const returnState = listReturnState(query);

  const rowActions = useMemo<RowAction[]>(
    () => [
      ...(canUpdate && !recycle ? (['edit'] as const) : []),
      ...(canUpdate && recycle ? (['restore'] as const) : []),
      ...(canDelete && softDeletable && !recycle ? (['softDelete'] as const) : []),
      ...(canDelete ? (['delete'] as const) : []),
      'viewJson' as const,
    ],
    [canUpdate, canDelete, softDeletable, recycle],
  );
  // A card opens its record by a tap on it: no 编辑 among its actions.
  const cardActions = useMemo(() => rowActions.filter((action) => action !== 'edit'), [rowActions]);
  const selectedKeys = [...list.selected.keys()];

  /** One record's action: open it, show its JSON, or ask to delete or restore it. */
  const act = (record: BusinessRecord, action: RowAction) => {
    const key = keyOf(record);
    if (action === 'edit')
      void navigate(`${base}/${encodeURIComponent(key)}`, { state: listReturnState(query) });
    else if (action === 'viewJson') setJson(record);
    else setPending({ keys: [key], kind: action });
  };

  /** A batch action on the selected records: asks first, or says to select some. */
  const ask = (kind: PendingRecords['kind']) => {
    if (selectedKeys.length === 0) {
      void message.warning(t('businessList.selectFirst'));
      return;
    }
    setPending({ keys: selectedKeys, kind });
  };

  /** Carries out the confirmed action, then says how it went; the dialog stays open on a failure. */
  const confirm = async () => {
    if (!pending) return;
    const { keys, kind } = pending;
    const request = {
      resource: tableName,
      meta: {
        dataSource: list.dataSource,
        requiredPermissions: [businessPermission(tableName, kind === 'restore' ? 'update' : 'delete')],
      },
      mutationMode: 'pessimistic' as const,
      successNotification: false as const,
      errorNotification: false as const,
    };
    try {
      if (kind === 'restore') {
        // Restoring is an action of its own (the flag is not a form field): one all-or-nothing call.
        const call = restoreRecordsCall(tableName, keys, list.dataSource);
        await custom(quietPost(call));
        // the dialog closes once the server has answered, not after every open list has reloaded
        void invalidate({ resource: tableName, invalidates: ['list', 'many', 'detail'] });
      } else if (keys.length === 1) {
        await deleteOne({ ...request, id: keys[0] ?? '', values: { isSoftDelete: kind === 'softDelete' } });
      } else {
        await deleteMany({ ...request, ids: keys, values: { isSoftDelete: kind === 'softDelete' } });
      }
      void message.success(t(`businessList.${kind}Success`));
      setPending(null);
      list.unselect(keys);
    } catch (failure) {
      const reason = failureReason(failure, t('errors.unreachable'));
      const text = t(`businessList.${kind}Failed`);
      void message.error(reason ? `${text}：${reason}` : text);
    }
  };

  /** Exports the records the filters match: these columns, or all of them (`null`). */
  const startExport = (format: ExportFormat, columns: string[] | null) =>
    void exporter.start(format, list.allFilters as CrudFilter[], columns);

  return {
    tableName,
    meta,
    table,
    list,
    dataSource,
    recycle,
    keyOf,
    /** What this list offers, from the access check and the table's own rules. */
    rights: {
      /** Read-only: the page says so, or the table is read-only. */
      locked,
      /** The table has a key: its records can be selected, opened, changed and deleted. */
      canKey,
      canDelete,
      canUpdate,
      canCreate,
      mayExport,
      mayImport,
      keepsHistory,
      softDeletable,
    },
    rowActions,
    cardActions,
    selectedKeys,
    act,
    ask,
    /** The confirmation being asked, if any. */
    pending,
    cancelPending: () => setPending(null),
    confirm,
    /** A delete or restore is under way. */
    busy,
    /** The record whose JSON is shown, if any. */
    json,
    closeJson: () => setJson(null),
    /** The drawer of the deleted records (from the record history). */
    deletedOpen,
    setDeletedOpen,
    exporter,
    startExport,
    /** Where the list's records and forms are, and the state they come back to the list with. */
    paths: {
      base,
      returnState,
      record: (record: BusinessRecord) => `${base}/${encodeURIComponent(keyOf(record))}`,
    },
    openNew: () => void navigate(`${base}/new`, { state: returnState }),
    openImport: () => void navigate(`${base}/import`, { state: returnState }),
  };
};

export type BusinessListActions = ReturnType<typeof useBusinessListActions>;
