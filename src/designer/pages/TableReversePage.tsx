import { EyeOutlined, ReloadOutlined, SyncOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Drawer,
  Empty,
  Flex,
  Input,
  Result,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DEFAULT_LIMIT } from '../../../contract';
import { useCustomCall } from '../../common/hooks/useCustomCall';
import { physicalTablesCall, reverseTablesCall } from '../../providers/custom-calls';
import { ConfirmDialog } from '../../common/components/ConfirmDialog';
import { PageContainer } from '../../common/components/PageContainer';
import { PaginationBar } from '../../common/components/PaginationBar';
import { PhysicalTablePreview } from '../components/PhysicalTablePreview';
import { useInvalidateMetadata } from '../../common/hooks/useInvalidateMetadata';
import { METADATA_TABLES_PATH, metadataQueryKey } from '../../common/hooks/useMetadataList';
import { tablePaths } from '../../common/lib/metadata-paths';
import { pageCountOf } from '../../common/lib/pagination';
import { filterPhysicalTables, keepSelected, pageRows } from '../lib/physical-tables';
import { offersSelectAll, readReverseReport, type ReverseReport } from '../lib/reverse-report';
import type { PhysicalTableSummary as PhysicalTable } from '../../../contract';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';

/**
 * 数据库逆向 (`metadata/tables/reverse`): the physical tables no metadata describes yet, searched and
 * paged in the browser; preview one, reverse one, or 批量逆向 the selected ones (or all that match,
 * beyond the visible page). Reverses are partial: the tables that can be reversed are, and the page
 * reports each table (reversed → a link to its design, skipped → the server's reason).
 */
export const TableReversePage = () => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { dataSource } = useCurrentDataSource();
  const invalidate = useInvalidateMetadata();
  const call = useCustomCall('metadata');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [rowsPerPage, setRowsPerPage] = useState(DEFAULT_LIMIT);
  const [selected, setSelected] = useState<string[]>([]);
  const [preview, setPreview] = useState<string | null>(null);
  const [pending, setPending] = useState<{ names: string[]; batch: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ReverseReport | null>(null);

  const query = useQuery({
    queryKey: metadataQueryKey(METADATA_TABLES_PATH, dataSource, 'physical'),
    queryFn: async ({ signal }) => {
      const tables = await call<unknown>({ ...physicalTablesCall(), meta: { signal } });
      return Array.isArray(tables) ? (tables as PhysicalTable[]) : [];
    },
  });
  const all = useMemo(() => query.data ?? [], [query.data]);
  const matching = useMemo(() => filterPhysicalTables(all, keyword), [all, keyword]);
  const current = Math.min(page, pageCountOf(matching.length, rowsPerPage));
  const rows = pageRows(matching, current, rowsPerPage);
  const chosen = keepSelected(selected, all);
  const visibleNames = rows.map((r) => r.tableName);
  const matchingNames = matching.map((r) => r.tableName);

  const run = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      const { names } = pending;
      const answer = readReverseReport(
        await call<unknown>(reverseTablesCall(names, { partial: true })),
        names,
      );
      setReport(answer);
      if (answer.reversed.length > 0 && answer.skipped.length === 0)
        void message.success(t('reverse.success'));
      const done = new Set(answer.reversed.map((r) => r.table));
      setSelected((before) => before.filter((name) => !done.has(name)));
      setPending(null);
      setPreview(null);
      await invalidate('tables');
    } catch (error) {
      const reason = (error as { message?: string } | undefined)?.message;
      void message.error(reason ? t('reverse.failedReason', { reason }) : t('reverse.failed'));
    } finally {
      setBusy(false);
    }
  };

  const columns: TableColumnsType<PhysicalTable> = [
    {
      title: t('reverse.tableName'),
      dataIndex: 'tableName',
      render: (name: string, row) => (
        <Space size={token.marginXS}>
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setPreview(name)}>
            {name}
          </Button>
          {row.view && (
            <Tooltip title={t('reverse.viewHint')}>
              <Tag color="purple">{t('reverse.view')}</Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: t('reverse.comment'),
      dataIndex: 'comment',
      ellipsis: true,
      render: (comment?: string | null) => comment || <Typography.Text type="secondary">-</Typography.Text>,
    },
    {
      title: t('metadataList.actions'),
      key: 'actions',
      width: 150,
      render: (_: unknown, row) => (
        <Flex gap={0}>
          <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setPreview(row.tableName)}>
            {t('reverse.preview')}
          </Button>
          <Button
            type="link"
            size="small"
            aria-label={`${t('reverse.one')} ${row.tableName}`}
            onClick={() => setPending({ names: [row.tableName], batch: false })}
          >
            {t('reverse.one')}
          </Button>
        </Flex>
      ),
    },
  ];

  const breadcrumb = [
    { title: t('menu.metadata') },
    { title: t('screens.tables'), path: tablePaths(dataSource).list },
  ];
  const nothingLeft = query.isSuccess && all.length === 0;

  return (
    <PageContainer title={t('screens.tableReverse')} breadcrumb={breadcrumb}>
      <Card styles={{ body: { padding: token.paddingLG } }}>
        {report && (
          <ReverseReportView
            report={report}
            tableLink={(id) => tablePaths(dataSource).edit(id)}
            onClose={() => setReport(null)}
          />
        )}
        {nothingLeft ? (
          <Result
            status="success"
            title={t('reverse.allManaged')}
            subTitle={t('reverse.allManagedHint')}
            extra={
              <Flex gap={token.marginSM} justify="center">
                <Button type="primary" onClick={() => void navigate(tablePaths(dataSource).list)}>
                  {t('screens.tables')}
                </Button>
                <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
                  {t('buttons.refresh')}
                </Button>
              </Flex>
            }
          />
        ) : (
          <>
            <Typography.Paragraph type="secondary">{t('reverse.intro')}</Typography.Paragraph>
            <Flex
              justify="space-between"
              align="center"
              gap={token.margin}
              wrap
              style={{ marginBottom: token.margin }}
            >
              <Flex align="center" gap={token.marginSM} wrap>
                <Input.Search
                  allowClear
                  aria-label={t('metadataList.searchPlaceholder')}
                  placeholder={t('metadataList.searchPlaceholder')}
                  value={keyword}
                  onChange={(event) => {
                    setKeyword(event.target.value);
                    setPage(1);
                  }}
                  style={{ width: 280 }}
                />
                <Tooltip title={t('buttons.refresh')}>
                  <Button
                    icon={<ReloadOutlined />}
                    aria-label={t('buttons.refresh')}
                    loading={query.isFetching && !query.isPending}
                    onClick={() => void query.refetch()}
                  />
                </Tooltip>
                {chosen.length > 0 && (
                  <Typography.Text type="secondary">
                    {t('metadataList.selected', { count: chosen.length })}
                  </Typography.Text>
                )}
                {offersSelectAll(chosen, visibleNames, matchingNames) && (
                  <Button type="link" size="small" onClick={() => setSelected(matchingNames)}>
                    {t('reverse.selectAll', { count: matchingNames.length })}
                  </Button>
                )}
                {chosen.length > rows.length && (
                  <Button type="link" size="small" onClick={() => setSelected([])}>
                    {t('reverse.clearSelection')}
                  </Button>
                )}
              </Flex>
              <Button
                type="primary"
                icon={<SyncOutlined />}
                disabled={chosen.length === 0}
                onClick={() => setPending({ names: chosen, batch: true })}
              >
                {t('reverse.batch')}
              </Button>
            </Flex>
            {query.isError && (
              <Alert
                type="error"
                showIcon
                style={{ marginBottom: token.margin }}
                message={t('metadataList.loadFailed')}
                description={(query.error as { message?: string }).message}
                action={
                  <Button size="small" onClick={() => void query.refetch()}>
                    {t('metadataList.retry')}
                  </Button>
                }
              />
            )}
            <Table<PhysicalTable>
              rowKey="tableName"
              size="middle"
              columns={columns}
              dataSource={rows}
              loading={query.isPending}
              pagination={false}
              locale={{
                emptyText: (
                  <Empty
                    image={Empty.PRESENTED_IMAGE_SIMPLE}
                    description={keyword.trim() ? t('metadataList.noMatch') : t('metadataList.empty')}
                  />
                ),
              }}
              rowSelection={{
                selectedRowKeys: chosen,
                preserveSelectedRowKeys: true,
                onChange: (keys) => setSelected(keys.map(String)),
              }}
            />
            <div style={{ marginTop: token.margin }}>
              <PaginationBar
                page={current}
                rowsPerPage={rowsPerPage}
                count={matching.length}
                onChange={(nextPage, nextRows) => {
                  setPage(nextPage);
                  setRowsPerPage(nextRows);
                }}
              />
            </div>
          </>
        )}
      </Card>
      <Drawer
        open={preview !== null}
        width={760}
        title={preview}
        destroyOnHidden
        onClose={() => setPreview(null)}
        extra={
          preview && (
            <Button
              type="primary"
              icon={<SyncOutlined />}
              onClick={() => setPending({ names: [preview], batch: false })}
            >
              {t('reverse.one')}
            </Button>
          )
        }
      >
        {preview && <PhysicalTablePreview tableName={preview} />}
      </Drawer>
      <ConfirmDialog
        open={pending !== null}
        title={t('reverse.confirm')}
        okText={t('reverse.one')}
        busy={busy}
        onOk={() => void run()}
        onCancel={() => setPending(null)}
      >
        <Typography.Text>
          {pending && !pending.batch
            ? t('reverse.confirmOne', { name: pending.names[0] })
            : t('reverse.confirmMany', { count: pending?.names.length ?? 0 })}
        </Typography.Text>
        {pending?.batch && (
          <Typography.Paragraph
            type="secondary"
            style={{ marginTop: 8, marginBottom: 0 }}
            ellipsis={{ rows: 3 }}
          >
            {pending.names.join(', ')}
          </Typography.Paragraph>
        )}
      </ConfirmDialog>
    </PageContainer>
  );
};

/** What the last reverse did: each reversed table links to its design; each skipped one says why. */
const ReverseReportView = ({
  report,
  tableLink,
  onClose,
}: {
  report: ReverseReport;
  tableLink: (id: number) => string;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={token.marginSM} style={{ marginBottom: token.margin }} data-testid="reverse-report">
      {report.reversed.length > 0 && (
        <Alert
          type="success"
          showIcon
          closable
          onClose={onClose}
          message={t('reverse.reversedCount', { count: report.reversed.length })}
          description={
            <Flex wrap gap={token.marginSM}>
              {report.reversed.map((r) => (
                <Link key={r.table} to={tableLink(r.id)}>
                  {r.table}
                </Link>
              ))}
              {report.warnings > 0 && (
                <Typography.Text type="secondary">
                  {t('reverse.warnings', { count: report.warnings })}
                </Typography.Text>
              )}
              <Typography.Text type="secondary" style={{ flexBasis: '100%' }}>
                {t('reverse.titleColumnHint')}
              </Typography.Text>
            </Flex>
          }
        />
      )}
      {report.skipped.length > 0 && (
        <Alert
          type="warning"
          showIcon
          closable={report.reversed.length === 0}
          onClose={onClose}
          message={t('reverse.skippedCount', { count: report.skipped.length })}
          description={
            <ul style={{ margin: 0, paddingInlineStart: token.paddingLG }}>
              {report.skipped.map((s) => (
                <li key={s.table}>
                  <Typography.Text strong>{s.table}</Typography.Text>
                  {t('reverse.reasonSeparator')}
                  {s.message}
                </li>
              ))}
            </ul>
          }
        />
      )}
    </Flex>
  );
};
