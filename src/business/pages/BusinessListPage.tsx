import {
  DeleteOutlined,
  DownloadOutlined,
  PlusOutlined,
  ReloadOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useCan, useDelete, useDeleteMany, useUpdate } from '@refinedev/core';
import { Alert, App, Button, Card, Empty, Flex, Segmented, Table, Tooltip, Typography, theme } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { businessPermission, type BusinessAction } from '../../../contract';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import { RecordConfirmText } from '../components/RecordConfirmText';
import { ExportDialog } from '../components/ExportDialog';
import { JsonViewer } from '../components/JsonViewer';
import { LoadFailed } from '../../shared/components/LoadFailed';
import { PageContainer } from '../../shared/components/PageContainer';
import { PageSpin } from '../../shared/components/PageSpin';
import { PaginationBar } from '../../shared/components/PaginationBar';
import { ListExtraActions, RowExtraActions } from '../../extensions/ExtensionSlots';
import { useBusinessList } from '../hooks/useBusinessList';
import { useBusinessTable, type BusinessTableMeta } from '../hooks/useBusinessTable';
import { hasSoftDelete } from '../lib/business-filters';
import type { BusinessRecord } from '../lib/business-record';
import { useCustomCall } from '../../shared/hooks/useCustomCall';
import { exportRecordsCall, unquoteUrl } from '../../providers/custom-calls';
import { appPaths } from '../../shared/lib/menu';
import { toQueryParams } from '../../shared/lib/query-params';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';
import { BusinessFilters } from '../components/BusinessFilters';
import { failureReason } from '../../shared/lib/failure-reason';
import { tableScroll } from '../lib/table-virtual';
import { businessColumns, DATA_COLUMN_WIDTH } from '../components/businessColumns';

export interface BusinessListPageProps {
  /** Hide add, edit, delete, import and export whatever the table says (docs/product.md §6). */
  readOnly?: boolean;
}

type Pending = { keys: string[]; kind: 'delete' | 'softDelete' | 'restore' };

type ExportState = { generating: boolean; url: string | null } | null;

const ACTIONS_WIDTH = 260;

/** Whether the signed-in user may do `action` on the table's records (through the access control). */
const useMay = (tableName: string, action: BusinessAction): boolean => {
  const refineAction = action === 'update' ? 'edit' : action === 'read' ? 'list' : action;
  return useCan({ resource: tableName, action: refineAction }).data?.can === true;
};

const BusinessListView = ({ tableName, readOnly }: { tableName: string; readOnly: boolean }) => {
  const { t } = useTranslation();
  const { meta, loading, error, reload: reloadMeta } = useBusinessTable(tableName);
  const title = meta?.table.caption || tableName;
  const breadcrumb = [{ title: t(meta?.table.systemable ? 'menu.systemBusiness' : 'menu.business') }];
  if (loading) {
    return (
      <PageContainer title={title} breadcrumb={breadcrumb}>
        <PageSpin />
      </PageContainer>
    );
  }
  if (error || !meta) {
    return (
      <LoadFailed
        title={title}
        breadcrumb={breadcrumb}
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
  const list = useBusinessList(tableName, meta);
  const [pending, setPending] = useState<Pending | null>(null);
  const [exporting, setExporting] = useState<ExportState>(null);
  const call = useCustomCall();
  const [json, setJson] = useState<BusinessRecord | null>(null);
  const { mutateAsync: deleteOne, mutation: deleteOneState } = useDelete();
  const { mutateAsync: deleteMany, mutation: deleteManyState } = useDeleteMany();
  const { mutateAsync: update, mutation: updateState } = useUpdate();
  const busy = deleteOneState.isPending || deleteManyState.isPending || updateState.isPending;
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
  const softDeletable = hasSoftDelete(table);
  const { dataSource } = list;
  const base = appPaths(dataSource).business(tableName);

  const labels = useMemo(
    () => ({ yes: t('common.yes'), no: t('common.no'), view: t('businessList.view') }),
    [t],
  );
  const dataColumns = useMemo(() => businessColumns(meta, labels), [meta, labels]);

  const { recycle, keyOf } = list;
  const actionsColumn = useMemo<TableColumnsType<BusinessRecord>[number]>(
    () => ({
      key: '__actions',
      title: t('businessList.actions'),
      width: ACTIONS_WIDTH,
      fixed: 'right',
      render: (_: unknown, record: BusinessRecord) => {
        const key = keyOf(record);
        return (
          <Flex gap={0} wrap={false}>
            {recycle
              ? canUpdate && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setPending({ keys: [key], kind: 'restore' })}
                  >
                    {t('businessList.restore')}
                  </Button>
                )
              : canUpdate && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => void navigate(`${base}/${encodeURIComponent(key)}`)}
                  >
                    {t('businessList.edit')}
                  </Button>
                )}
            {canDelete && softDeletable && !recycle && (
              <Button
                type="link"
                size="small"
                danger
                onClick={() => setPending({ keys: [key], kind: 'softDelete' })}
              >
                {t('businessList.softDelete')}
              </Button>
            )}
            {canDelete && (
              <Button
                type="link"
                size="small"
                danger
                onClick={() => setPending({ keys: [key], kind: 'delete' })}
              >
                {t('businessList.delete')}
              </Button>
            )}
            <Button type="link" size="small" onClick={() => setJson(record)}>
              {t('businessList.viewJson')}
            </Button>
            <RowExtraActions tableName={tableName} dataSource={dataSource} record={record} />
          </Flex>
        );
      },
    }),
    [t, navigate, base, recycle, keyOf, canUpdate, canDelete, softDeletable, tableName, dataSource],
  );
  const columns = useMemo(() => [...dataColumns, actionsColumn], [dataColumns, actionsColumn]);

  const title = table.caption || tableName;
  const breadcrumb = [{ title: t(table.systemable ? 'menu.systemBusiness' : 'menu.business') }];

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
        for (const key of keys) await update({ ...request, id: key, values: { isDeleted: false } });
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

  const startExport = async (format: 'excel' | 'xml') => {
    setExporting({ generating: true, url: null });
    try {
      // An export takes the list's keyword and filters; its rows come in the table's own order.
      const { orderby: _orderby, ...query } = toQueryParams(list.allFilters);
      const url = unquoteUrl(await call<string>(exportRecordsCall(tableName, format, query)));
      setExporting((state) => (state ? { generating: false, url } : state));
    } catch (failure) {
      // docs/product.md §8: an export failure is only logged; the loading goes away.
      console.error('crudboard: export failed', failure);
      setExporting(null);
    }
  };

  const ask = (kind: Pending['kind']) => {
    if (selectedKeys.length === 0) {
      void message.warning(t('businessList.selectFirst'));
      return;
    }
    setPending({ keys: selectedKeys, kind });
  };

  const banner = locked ? (
    <ListExtraActions tableName={tableName} dataSource={dataSource} />
  ) : (
    <Flex gap={token.marginXS} wrap>
      <ListExtraActions tableName={tableName} dataSource={dataSource} />
      {canDelete && softDeletable && !list.recycle && (
        <Button
          danger
          icon={<DeleteOutlined />}
          disabled={selectedKeys.length === 0}
          onClick={() => ask('softDelete')}
        >
          {t('businessList.batchSoftDelete')}
        </Button>
      )}
      {canDelete && (
        <Button
          danger
          icon={<DeleteOutlined />}
          disabled={selectedKeys.length === 0}
          onClick={() => ask('delete')}
        >
          {t('businessList.batchDelete')}
        </Button>
      )}
      {mayExport && (
        <>
          <Button icon={<DownloadOutlined />} onClick={() => void startExport('excel')}>
            {t('businessList.exportExcel')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => void startExport('xml')}>
            {t('businessList.exportXml')}
          </Button>
        </>
      )}
      {mayImport && (
        <Button icon={<UploadOutlined />} onClick={() => void navigate(`${base}/import`)}>
          {t('businessList.batchImport')}
        </Button>
      )}
      {mayCreate && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(`${base}/new`)}>
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

  return (
    <PageContainer title={title} breadcrumb={breadcrumb}>
      <Card styles={{ body: { padding: token.paddingLG } }}>
        <Flex vertical gap={token.margin}>
          {softDeletable && (
            <Segmented<'live' | 'deleted'>
              aria-label={t('businessList.recycleBin')}
              value={list.recycle ? 'deleted' : 'live'}
              options={[
                { value: 'live', label: t('businessList.records') },
                { value: 'deleted', label: t('businessList.recycleBin') },
              ]}
              onChange={(value) => list.setRecycle(value === 'deleted')}
              style={{ alignSelf: 'flex-start' }}
            />
          )}
          <BusinessFilters
            fields={list.fields}
            relatedTables={meta.relatedTables}
            keyword={list.keyword}
            values={list.values}
            onKeywordChange={list.setKeyword}
            onValuesChange={list.setValues}
            onQuery={list.submit}
            onReset={list.reset}
          />
          <Flex justify="space-between" align="center" gap={token.margin} wrap>
            <Flex align="center" gap={token.marginSM}>
              <Tooltip title={t('buttons.refresh')}>
                <Button
                  icon={<ReloadOutlined />}
                  aria-label={t('buttons.refresh')}
                  onClick={() => void list.reload()}
                />
              </Tooltip>
              {selectedKeys.length > 0 && (
                <Typography.Text type="secondary">
                  {t('businessList.selected', { count: selectedKeys.length })}
                </Typography.Text>
              )}
              {locked && <Typography.Text type="secondary">{t('businessList.readOnly')}</Typography.Text>}
            </Flex>
            {banner}
          </Flex>
          {list.error ? (
            <Alert
              type="error"
              showIcon
              message={t('businessList.loadFailed')}
              description={failureReason(list.error, t('errors.unreachable'))}
              action={
                <Button size="small" onClick={() => void list.reload()}>
                  {t('businessList.retry')}
                </Button>
              }
            />
          ) : null}
          <Table<BusinessRecord>
            rowKey={canKey ? list.keyOf : undefined}
            size="middle"
            columns={columns}
            dataSource={list.rows}
            loading={list.isLoading || (list.isFetching && list.rows.length === 0)}
            pagination={false}
            {...tableScroll(
              list.rows.length,
              columns.length,
              dataColumns.length * DATA_COLUMN_WIDTH + ACTIONS_WIDTH + 48,
            )}
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('businessList.empty')} />,
            }}
            rowSelection={
              canKey
                ? {
                    selectedRowKeys: selectedKeys,
                    preserveSelectedRowKeys: true,
                    onChange: list.select,
                  }
                : undefined
            }
          />
          <PaginationBar
            page={list.page}
            rowsPerPage={list.rowsPerPage}
            count={list.count}
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
      <ExportDialog
        open={exporting !== null}
        generating={exporting?.generating ?? false}
        url={exporting?.url ?? null}
        description={t('businessList.exportDescription', { table: title })}
        onClose={() => setExporting(null)}
      />
      <JsonViewer open={json !== null} value={json} title={title} onClose={() => setJson(null)} />
    </PageContainer>
  );
};

/**
 * The generic business data list (`business/:tableName`, docs/product.md §2): filters, banner actions,
 * row actions, export, recycle bin and paging, all driven by the table's metadata. Another table
 * or data source starts from a fresh list.
 */
export const BusinessListPage = ({ readOnly = false }: BusinessListPageProps) => {
  const tableName = useParams().tableName ?? '';
  const { dataSource } = useCurrentDataSource();
  return <BusinessListView key={`${dataSource}/${tableName}`} tableName={tableName} readOnly={readOnly} />;
};
