import { Alert, App, Button, Card, Flex, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableRowCount } from '../../../contract';
import { useCustomCall } from '../../common/hooks/useCustomCall';
import { keepRowCountCall } from '../../providers/custom-calls';
import { useTableRowCount } from '../hooks/useTableRowCount';

/**
 * 行数统计 of a reversed table: whether its exact row count is kept beside it (triggers on the
 * table) or counted row by row on every list, what keeping it costs, and the switch. Nothing on
 * SQLite, which counts quickly anyway.
 */
export const RowCountCard = ({ tableId, tableName }: { tableId: number; tableName: string }) => {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const call = useCustomCall('metadata');
  const [busy, setBusy] = useState(false);
  const query = useTableRowCount(tableId);
  const state = query.data;
  if (state?.notKept === 'cheap') return null;

  const change = async (kept: boolean) => {
    setBusy(true);
    try {
      await call<TableRowCount>(keepRowCountCall(tableId, kept));
      void message.success(t(kept ? 'designer.rowCount.keptDone' : 'designer.rowCount.stoppedDone'));
      await query.refetch();
    } catch (error) {
      void message.error((error as { message?: string }).message ?? t('designer.rowCount.failed'));
    } finally {
      setBusy(false);
    }
  };

  const rows =
    state?.estimatedRows === null || state?.estimatedRows === undefined
      ? t('designer.rowCount.unknownRows')
      : state.estimatedRows.toLocaleString(i18n.language);
  return (
    <Card size="small" title={t('designer.rowCount.title')}>
      {query.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : query.isError || !state ? (
        <Alert
          type="error"
          showIcon
          message={t('designer.rowCount.loadFailed')}
          description={(query.error as { message?: string } | null)?.message}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('metadataList.retry')}
            </Button>
          }
        />
      ) : state.notKept ? (
        <Flex vertical gap="small">
          <div>
            <Tag>{t('designer.rowCount.scanned')}</Tag>
          </div>
          <Alert type="info" showIcon message={t(`designer.rowCount.notKept.${state.notKept}`)} />
        </Flex>
      ) : state.kept ? (
        <Flex justify="space-between" align="center" gap="middle" wrap>
          <Flex vertical gap={4}>
            <div>
              <Tag color="green">{t('designer.rowCount.kept')}</Tag>
            </div>
            <Typography.Text type="secondary">{t('designer.rowCount.keptHint')}</Typography.Text>
          </Flex>
          <Popconfirm
            title={t('designer.rowCount.stopConfirm', { table: tableName })}
            okText={t('common.ok')}
            cancelText={t('buttons.cancel')}
            onConfirm={() => change(false)}
          >
            <Button loading={busy}>{t('designer.rowCount.stop')}</Button>
          </Popconfirm>
        </Flex>
      ) : (
        <Flex justify="space-between" align="center" gap="middle" wrap>
          <Flex vertical gap={4} style={{ flex: 1, minWidth: 280 }}>
            <div>
              <Tag color="orange">{t('designer.rowCount.scanned')}</Tag>
            </div>
            <Typography.Text type="secondary">{t('designer.rowCount.scannedHint', { rows })}</Typography.Text>
            <Typography.Text type="secondary">{t('designer.rowCount.cost')}</Typography.Text>
          </Flex>
          <Popconfirm
            title={t('designer.rowCount.keepConfirm', { table: tableName })}
            okText={t('common.ok')}
            cancelText={t('buttons.cancel')}
            onConfirm={() => change(true)}
          >
            <Button type="primary" loading={busy}>
              {t('designer.rowCount.keep')}
            </Button>
          </Popconfirm>
        </Flex>
      )}
    </Card>
  );
};
