import { EyeOutlined, ReloadOutlined, SyncOutlined } from '@ant-design/icons';
import { App, Button, Drawer, Flex, Result, Space, Tag, Tooltip, Typography, theme } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PhysicalTableSummary as PhysicalTable } from '../../../contract';
import { ConfirmDialog } from '../../common/components/ConfirmDialog';
import { ListScaffold } from '../../common/components/ListScaffold';
import { useCustomCall } from '../../common/hooks/useCustomCall';
import { useInvalidateMetadata } from '../../common/hooks/useInvalidateMetadata';
import { tablePaths } from '../../common/lib/metadata-paths';
import { reverseTablesCall } from '../../providers/custom-calls';
import { PhysicalTablePreview } from '../components/PhysicalTablePreview';
import { ReverseReportView } from '../components/ReverseReportView';
import { usePhysicalTableList } from '../hooks/usePhysicalTableList';
import { offersSelectAll, readReverseReport, type ReverseReport } from '../lib/reverse-report';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';

/**
 * 数据库逆向 (`metadata/tables/reverse`): the physical tables no metadata describes yet, searched and
 * paged in the browser (`usePhysicalTableList` on `ListScaffold`); preview one, reverse one, or
 * 批量逆向 the selected ones (or all that match, beyond the visible page). Reverses are partial: the
 * tables that can be reversed are, and the page reports each table (reversed → a link to its
 * design, skipped → the server's reason).
 */
export const TableReversePage = () => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { dataSource } = useCurrentDataSource();
  const invalidate = useInvalidateMetadata();
  const call = useCustomCall('metadata');
  const list = usePhysicalTableList();
  const [preview, setPreview] = useState<string | null>(null);
  const [pending, setPending] = useState<{ names: string[]; batch: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ReverseReport | null>(null);
  const { chosen, matchingNames } = list;

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
      list.unselect(answer.reversed.map((r) => r.table));
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

  const paths = tablePaths(dataSource);
  const nothingLeft = list.loaded && list.all.length === 0;

  return (
    <>
      <ListScaffold<PhysicalTable>
        title={t('screens.tableReverse')}
        breadcrumb={[{ title: t('menu.metadata') }, { title: t('screens.tables'), path: paths.list }]}
        list={list}
        columns={columns}
        header={
          <>
            {report && (
              <ReverseReportView report={report} tableLink={paths.edit} onClose={() => setReport(null)} />
            )}
            {!nothingLeft && (
              <Typography.Paragraph type="secondary">{t('reverse.intro')}</Typography.Paragraph>
            )}
          </>
        }
        placeholder={
          nothingLeft ? (
            <Result
              status="success"
              title={t('reverse.allManaged')}
              subTitle={t('reverse.allManagedHint')}
              extra={
                <Flex gap={token.marginSM} justify="center">
                  <Button type="primary" onClick={() => void navigate(paths.list)}>
                    {t('screens.tables')}
                  </Button>
                  <Button icon={<ReloadOutlined />} onClick={() => void list.reload()}>
                    {t('buttons.refresh')}
                  </Button>
                </Flex>
              }
            />
          ) : undefined
        }
        selectionTools={
          <>
            {offersSelectAll(chosen, list.visibleNames, matchingNames) && (
              <Button type="link" size="small" onClick={() => list.setSelected(matchingNames)}>
                {t('reverse.selectAll', { count: matchingNames.length })}
              </Button>
            )}
            {chosen.length > list.rows.length && (
              <Button type="link" size="small" onClick={() => list.setSelected([])}>
                {t('reverse.clearSelection')}
              </Button>
            )}
          </>
        }
        toolbar={
          <Button
            type="primary"
            icon={<SyncOutlined />}
            disabled={chosen.length === 0}
            onClick={() => setPending({ names: chosen, batch: true })}
          >
            {t('reverse.batch')}
          </Button>
        }
      />
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
    </>
  );
};
