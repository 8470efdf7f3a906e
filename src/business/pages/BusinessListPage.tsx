import {
  DeleteOutlined,
  DownloadOutlined,
  HistoryOutlined,
  DownOutlined,
  PlusOutlined,
  ReloadOutlined,
  UndoOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import {
  useCan,
  useCustomMutation,
  useDelete,
  useDeleteMany,
  useInvalidate,
  type CrudFilter,
} from '@refinedev/core';
import {
  App,
  Button,
  Card,
  Dropdown,
  Empty,
  Flex,
  Segmented,
  Space,
  Table,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { businessPermission, type BusinessAction, type Column } from '../../../contract';
import { captionSourceOf, relationsByColumn } from '../lib/business-cells';
import { keywordScans } from '../lib/business-filters';
import { LoadFailedAlert } from '../../common/components/LoadFailedAlert';
import { ConfirmDialog } from '../../common/components/ConfirmDialog';
import { RecordConfirmText } from '../components/RecordConfirmText';
import { ExportProgressDialog } from '../components/ExportProgressDialog';
import { DeletedRecordsDrawer } from '../components/DeletedRecordsDrawer';
import { JsonViewer } from '../components/JsonViewer';
import { LoadFailed } from '../../common/components/LoadFailed';
import { PageContainer } from '../../common/components/PageContainer';
import { PageSpin } from '../../common/components/PageSpin';
import { PaginationBar } from '../../common/components/PaginationBar';
import { BulkExtraActions, ListExtraActions, RowExtraActions } from '../../extensions/ExtensionSlots';
import { useBusinessList } from '../hooks/useBusinessList';
import { useBusinessTable, type BusinessTableMeta } from '../hooks/useBusinessTable';
import { useRecordExport, type ExportFormat } from '../hooks/useRecordExport';
import { useTableHeading } from '../hooks/useTableHeading';
import { hasSoftDelete } from '../lib/business-filters';
import type { BusinessRecord } from '../lib/business-record';
import { chooserColumns, listCellWidth, parseChosenColumns, visibleListColumns } from '../lib/list-columns';
import { appPaths } from '../../common/lib/menu';
import { useCaption, useCaptionLanguage, useWellKnownNames } from '../../common/hooks/useCaption';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';
import { useListColumnChoice } from '../../store/useListColumnChoice';
import { BusinessFilters } from '../components/BusinessFilters';
import { ColumnChooser } from '../components/ColumnChooser';
import { CountScanNote } from '../components/CountScanNote';
import { RowActions, ROW_ACTIONS_WIDTH, type RowAction } from '../components/RowActions';
import { failureReason } from '../../common/lib/failure-reason';
import { tableScroll } from '../lib/table-virtual';
import { listReturnState } from '../lib/list-return';
import { businessColumns } from '../components/businessColumns';
import { CardSort } from '../components/CardSort';
import { RecordCards, type CardField } from '../components/RecordCards';
import { useLatestChanges } from '../hooks/useLatestChanges';
import { lastChangeText } from '../lib/last-change';
import { cardFields } from '../lib/card-fields';
import { fitListColumns } from '../lib/fit-list-columns';
import { readableRecordTitle, titleColumnOf } from '../../../contract';
import { useElementWidth } from '../../common/hooks/useElementWidth';
import { useScreenLayout } from '../../common/hooks/useScreenLayout';
import { restoreRecordsCall } from '../../providers/custom-calls';

export interface BusinessListPageProps {
  /** Hide add, edit, delete, import and export whatever the table says (docs/product.md §6). */
  readOnly?: boolean;
}

type Pending = { keys: string[]; kind: 'delete' | 'softDelete' | 'restore' };

/** Width of the row-selection column. */
const SELECTION_WIDTH = 48;
/** Height of the blank table body under the spinner while the first rows load (about that of the empty state). */
const LOADING_HEIGHT = 120;

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

const BusinessListView = ({ tableName, readOnly }: { tableName: string; readOnly: boolean }) => {
  const { t } = useTranslation();
  const { meta, loading, error, reload: reloadMeta } = useBusinessTable(tableName);
  const heading = useTableHeading(tableName, meta?.table);
  if (loading) {
    return (
      <PageContainer title={heading.caption} breadcrumb={heading.listTrail}>
        <PageSpin />
      </PageContainer>
    );
  }
  if (error || !meta) {
    return (
      <LoadFailed
        title={heading.caption ?? tableName}
        breadcrumb={heading.listTrail}
        error={error ?? new Error(t('businessList.metaLoadFailed'))}
        onRetry={reloadMeta}
      />
    );
  }
  return <BusinessListContent tableName={tableName} readOnly={readOnly} meta={meta} />;
};

const BusinessListContent = ({
  tableName,
  readOnly,
  meta,
}: {
  tableName: string;
  readOnly: boolean;
  meta: BusinessTableMeta;
}) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const caption = useCaption();
  const captionLanguage = useCaptionLanguage();
  const heading = useTableHeading(tableName, meta.table);
  const list = useBusinessList(tableName, meta);
  const [pending, setPending] = useState<Pending | null>(null);
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
  const { phone } = useScreenLayout();
  // "changed by X at T" when the pointer rests on a row (a phone has no pointer): one request a page
  const pageKeys = useMemo(() => (canKey ? list.rows.map(keyOf) : []), [canKey, list.rows, keyOf]);
  const recording = keepsHistory && table.historyMode !== 'off';
  const latest = useLatestChanges(tableName, pageKeys, dataSource, recording && !phone);
  const rowHint = useCallback(
    (record: BusinessRecord) => {
      const change = canKey ? latest.get(keyOf(record)) : undefined;
      return change ? { title: lastChangeText(change, t, t('businessList.lastChange.unknownUser')) } : {};
    },
    [canKey, latest, keyOf, t],
  );
  const [measureList, listWidth] = useElementWidth<HTMLDivElement>();
  const base = appPaths(dataSource).business(tableName);
  // The forms this list opens come back to it as it is now (keyword, filters, sort, page).
  const returnState = listReturnState(query);

  const [storedColumns, chooseColumns] = useListColumnChoice(dataSource, tableName);
  const offered = useMemo(() => chooserColumns(table, meta.layouts), [table, meta.layouts]);
  const visible = useMemo(
    () => visibleListColumns(table, meta.layouts, parseChosenColumns(storedColumns)),
    [table, meta.layouts, storedColumns],
  );

  const wellKnown = useWellKnownNames();
  const labels = useMemo(
    () => ({
      yes: t('common.yes'),
      no: t('common.no'),
      view: t('businessList.view'),
      userName: wellKnown.userName,
    }),
    [t, wellKnown.userName],
  );
  const relationOf = useMemo(() => relationsByColumn(meta.relations), [meta.relations]);
  const columnCaption = useCallback(
    (column: Column) => caption(captionSourceOf(column, relationOf.get(column.name))),
    [caption, relationOf],
  );
  const titleName = useMemo(() => titleColumnOf(table), [table]);
  // Until the user chooses columns, a window too narrow for the default ones shows the title column
  // and those that fit after it, in order; 列 shows the others again (and remembers the choice).
  const reserved = ROW_ACTIONS_WIDTH + (canKey ? SELECTION_WIDTH : 0);
  const shown = useMemo(
    () =>
      storedColumns === null && listWidth !== undefined && !phone
        ? fitListColumns(visible, listWidth - reserved, listCellWidth, titleName)
        : visible,
    [storedColumns, listWidth, phone, visible, reserved, titleName],
  );
  const { sorters } = list;
  const dataColumns = useMemo(
    () => businessColumns(meta, shown, labels, caption, sorters),
    [meta, shown, labels, caption, sorters],
  );

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
  const actionsColumn = useMemo<TableColumnsType<BusinessRecord>[number]>(
    () => ({
      key: '__actions',
      title: t('businessList.actions'),
      width: ROW_ACTIONS_WIDTH,
      fixed: 'right',
      render: (_: unknown, record: BusinessRecord) => {
        const key = keyOf(record);
        const act = (action: RowAction) => {
          if (action === 'edit')
            void navigate(`${base}/${encodeURIComponent(key)}`, { state: listReturnState(query) });
          else if (action === 'viewJson') setJson(record);
          else setPending({ keys: [key], kind: action });
        };
        return (
          <RowActions
            actions={rowActions}
            recycle={recycle}
            onAction={act}
            extra={
              <RowExtraActions
                tableName={tableName}
                dataSource={dataSource}
                record={record}
                recordKey={canKey ? key : undefined}
                recycle={recycle}
              />
            }
          />
        );
      },
    }),
    [t, navigate, base, query, recycle, keyOf, canKey, rowActions, tableName, dataSource],
  );
  const columns = useMemo(() => [...dataColumns, actionsColumn], [dataColumns, actionsColumn]);
  // As wide as the columns need at least; a wider screen shares the rest out, so no sideways scroll.
  const tableWidth = shown.reduce((sum, column) => sum + listCellWidth(column), 0) + reserved;

  // On a phone: a card per record, headed by its title, with a few of the list's columns.
  const cardColumns = useMemo<CardField[]>(() => {
    const renders = new Map(dataColumns.map((column) => [column.key, column]));
    return cardFields(shown, titleName, table.primaryNames ?? []).map((column) => {
      const render = renders.get(column.name)?.render;
      return {
        key: column.name,
        title: columnCaption(column),
        render: (value, record, index) =>
          render ? (render(value, record, index) as ReactNode) : String(value ?? ''),
      };
    });
  }, [dataColumns, shown, titleName, table.primaryNames, columnCaption]);
  const cardActions = useMemo(() => rowActions.filter((action) => action !== 'edit'), [rowActions]);
  // Cards have no column headers: the columns a header could sort by are offered beside them.
  const sortOptions = useMemo(
    () =>
      dataColumns.flatMap((column) =>
        column.sorter && typeof column.key === 'string'
          ? [{ value: column.key, label: column.title as ReactNode }]
          : [],
      ),
    [dataColumns],
  );

  const title = heading.caption ?? tableName;
  const selectedKeys = [...list.selected.keys()];

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
        await custom({
          url: call.url,
          method: 'post',
          values: call.payload as object,
          meta: call.meta,
          successNotification: false,
          errorNotification: false,
        });
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

  const startExport = (format: ExportFormat, allColumns: boolean) =>
    void exporter.start(
      format,
      list.allFilters as CrudFilter[],
      allColumns ? null : visible.map((column) => column.name),
    );

  const ask = (kind: Pending['kind']) => {
    if (selectedKeys.length === 0) {
      void message.warning(t('businessList.selectFirst'));
      return;
    }
    setPending({ keys: selectedKeys, kind });
  };

  const exportButton = mayExport && (
    <Space.Compact>
      <Button icon={<DownloadOutlined />} loading={exporter.busy} onClick={() => startExport('excel', false)}>
        {t('businessList.exportExcel')}
      </Button>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        disabled={exporter.busy}
        menu={{
          items: [
            { key: 'excel-all', label: t('businessList.exportExcelAll') },
            { key: 'xml', label: t('businessList.exportXml') },
            { key: 'xml-all', label: t('businessList.exportXmlAll') },
          ],
          onClick: ({ key }) => startExport(key.startsWith('xml') ? 'xml' : 'excel', key.endsWith('-all')),
        }}
      >
        <Button icon={<DownOutlined />} aria-label={t('businessList.moreExports')} />
      </Dropdown>
    </Space.Compact>
  );

  const banner = (
    <Flex gap={token.marginXS} wrap>
      <ListExtraActions tableName={tableName} dataSource={dataSource} />
      {canKey && selectedKeys.length > 0 && (
        <BulkExtraActions
          tableName={tableName}
          dataSource={dataSource}
          keys={selectedKeys}
          recycle={recycle}
        />
      )}
      {!locked && selectedKeys.length > 0 && canUpdate && recycle && (
        <Button icon={<UndoOutlined />} onClick={() => ask('restore')}>
          {t('businessList.batchRestore')}
        </Button>
      )}
      {!locked && selectedKeys.length > 0 && canDelete && softDeletable && !recycle && (
        <Button danger icon={<DeleteOutlined />} onClick={() => ask('softDelete')}>
          {t('businessList.batchSoftDelete')}
        </Button>
      )}
      {!locked && selectedKeys.length > 0 && canDelete && (
        <Button danger icon={<DeleteOutlined />} onClick={() => ask('delete')}>
          {t('businessList.batchDelete')}
        </Button>
      )}
      {!locked && exportButton}
      {!locked && !recycle && mayImport && (
        <Button
          icon={<UploadOutlined />}
          onClick={() => void navigate(`${base}/import`, { state: returnState })}
        >
          {t('businessList.batchImport')}
        </Button>
      )}
      {canCreate && !recycle && (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => void navigate(`${base}/new`, { state: returnState })}
        >
          {t('businessList.add')}
        </Button>
      )}
    </Flex>
  );

  const confirmTitle =
    pending?.kind === 'softDelete'
      ? t('businessList.softDeleteConfirm')
      : pending?.kind === 'restore'
        ? t('businessList.restoreConfirm')
        : t('businessList.deleteConfirm');

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
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => void navigate(`${base}/new`, { state: returnState })}
        >
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

  return (
    <PageContainer title={heading.caption} breadcrumb={heading.listTrail}>
      <Card styles={{ body: { padding: phone ? token.paddingSM : token.paddingLG } }}>
        <Flex vertical gap={token.margin} ref={measureList}>
          {(softDeletable || keepsHistory) && (
            <Flex align="center" justify="space-between" gap={token.marginXS} wrap>
              {softDeletable ? (
                <Segmented<'live' | 'deleted'>
                  aria-label={t('businessList.recycleBin')}
                  value={recycle ? 'deleted' : 'live'}
                  options={[
                    { value: 'live', label: t('businessList.records') },
                    { value: 'deleted', label: t('businessList.recycleBin') },
                  ]}
                  onChange={(value) => list.setRecycle(value === 'deleted')}
                />
              ) : (
                <span />
              )}
              {keepsHistory && (
                <Button type="link" icon={<HistoryOutlined />} onClick={() => setDeletedOpen(true)}>
                  {t('deletedRecords.open')}
                </Button>
              )}
            </Flex>
          )}
          <BusinessFilters
            fields={list.fields}
            relatedTables={meta.relatedTables}
            keyword={list.keyword}
            keywordScans={keywordScans(table)}
            values={list.values}
            onKeywordChange={list.setKeyword}
            onValuesChange={list.setValues}
            onQuery={list.submit}
            onReset={list.reset}
          />
          <Flex justify="space-between" align="center" gap={token.margin} wrap>
            <Flex align="center" gap={token.marginSM} wrap>
              <Tooltip title={t('buttons.refresh')}>
                <Button
                  icon={<ReloadOutlined />}
                  aria-label={t('buttons.refresh')}
                  onClick={() => void list.reload()}
                />
              </Tooltip>
              <ColumnChooser
                columns={offered}
                shown={shown.map((column) => column.name)}
                captionOf={columnCaption}
                onChange={chooseColumns}
              />
              {selectedKeys.length > 0 && (
                <Typography.Text type="secondary">
                  {t('businessList.selected', { count: selectedKeys.length })}
                </Typography.Text>
              )}
              {phone && sortOptions.length > 0 && (
                <CardSort
                  options={sortOptions}
                  field={list.sorters[0]?.field}
                  order={list.sorters[0]?.order}
                  onChange={list.sortBy}
                />
              )}
              {locked && (
                <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                  {t('businessList.readOnly')}
                </Typography.Text>
              )}
            </Flex>
            {banner}
          </Flex>
          {list.error ? (
            <LoadFailedAlert
              message={t('businessList.loadFailed')}
              error={list.error}
              retry={t('businessList.retry')}
              onRetry={() => void list.reload()}
            />
          ) : null}
          {phone ? (
            <RecordCards
              records={list.rows}
              keyOf={list.keyOf}
              titleOf={(record) => readableRecordTitle(table, record, captionLanguage)}
              fields={cardColumns}
              linkOf={
                canKey && !recycle
                  ? (record) => ({ to: `${base}/${encodeURIComponent(keyOf(record))}`, state: returnState })
                  : undefined
              }
              actionsOf={(record) => (
                <RowActions
                  actions={cardActions}
                  recycle={recycle}
                  onAction={(action) =>
                    action === 'viewJson'
                      ? setJson(record)
                      : setPending({ keys: [keyOf(record)], kind: action as Pending['kind'] })
                  }
                  extra={
                    <RowExtraActions
                      tableName={tableName}
                      dataSource={dataSource}
                      record={record}
                      recordKey={canKey ? keyOf(record) : undefined}
                      recycle={recycle}
                    />
                  }
                />
              )}
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
              onRow={rowHint}
              size="middle"
              columns={columns}
              dataSource={list.rows}
              loading={loadingRows}
              pagination={false}
              onChange={onTableChange}
              showSorterTooltip={false}
              {...tableScroll(list.rows.length, columns.length, tableWidth)}
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
          )}
          <PaginationBar
            page={list.page}
            rowsPerPage={list.rowsPerPage}
            count={list.count}
            countExact={list.countExact}
            countingExactly={list.countingExactly}
            onCountExactly={list.countExactly}
            totalNote={<CountScanNote tableId={table.id} builtIn={Boolean(table.systemable)} />}
            onChange={list.changePage}
          />
        </Flex>
      </Card>
      <ConfirmDialog
        open={pending !== null}
        title={confirmTitle}
        okText={t('common.ok')}
        danger={pending?.kind !== 'restore'}
        busy={busy}
        onOk={() => void confirm()}
        onCancel={() => setPending(null)}
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
      {keepsHistory && (
        <DeletedRecordsDrawer
          open={deletedOpen}
          onClose={() => setDeletedOpen(false)}
          meta={meta}
          dataSource={list.dataSource}
          canRestore={canCreate}
        />
      )}
      <ExportProgressDialog
        startedAt={exporter.running?.startedAt ?? null}
        description={t('businessList.exportDescription', { table: title })}
        onClose={exporter.dismiss}
      />
      <JsonViewer open={json !== null} value={json} title={title} onClose={() => setJson(null)} />
    </PageContainer>
  );
};

/**
 * The generic business data list (`business/:tableName`, docs/product.md §2): filters, banner actions,
 * row actions, columns, export, recycle bin and paging, all driven by the table's metadata. Another
 * table or data source starts from a fresh list.
 */
export const BusinessListPage = ({ readOnly = false }: BusinessListPageProps) => {
  const tableName = useParams().tableName ?? '';
  const { dataSource } = useCurrentDataSource();
  return <BusinessListView key={`${dataSource}/${tableName}`} tableName={tableName} readOnly={readOnly} />;
};
