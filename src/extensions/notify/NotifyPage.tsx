import { ReloadOutlined, SendOutlined } from '@ant-design/icons';
import { useApiUrl, useCan, useCustom, useCustomMutation } from '@refinedev/core';
import { Alert, App, Button, Card, Descriptions, Empty, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../common/components/LoadFailed';
import { PageContainer } from '../../common/components/PageContainer';
import { failureReason } from '../../common/lib/failure-reason';
import {
  NOTIFY_VARIABLES,
  tablesShown,
  variableName,
  type NotifyStatus,
  type NotifyTestAnswer,
} from './notify-status';

/** The code that may send a test notification (`POST /api/ext/notify/test`). */
export const NOTIFY_MANAGE = 'ext:notify:manage';

/** What the access-control provider is asked for the test button: the extension's manage code. */
const MANAGE_RESOURCE = { name: 'notify', meta: { kind: 'extension', permission: NOTIFY_MANAGE } } as const;

/** Tells the administrator which variables to set, when the server has no URL. */
const NotConfigured = () => {
  const { t } = useTranslation();
  return (
    <Card>
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={<Typography.Text strong>{t('ext.notify.notConfigured')}</Typography.Text>}
      >
        <Typography.Paragraph type="secondary">{t('ext.notify.howTo')}</Typography.Paragraph>
        <Descriptions
          style={{ textAlign: 'start' }}
          size="small"
          column={1}
          bordered
          items={NOTIFY_VARIABLES.map((key) => ({
            key,
            // A phone's narrow column breaks the long names after an underscore, not inside a word.
            label: (
              <Typography.Text code>
                {variableName(key)
                  .split('_')
                  .map((part, i, parts) => (i < parts.length - 1 ? [`${part}_`, <wbr key={i} />] : part))}
              </Typography.Text>
            ),
            children: t(`ext.notify.variables.${key}`),
          }))}
        />
      </Empty>
    </Card>
  );
};

/** The settings as the server shows them, and what this server has sent since it started. */
const Configured = ({ status }: { status: NotifyStatus }) => {
  const { t } = useTranslation();
  const tables = tablesShown(status.tables);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {tables.kind === 'none' ? (
        <Alert
          type="warning"
          showIcon
          message={t('ext.notify.noTables', { variable: variableName('TABLES') })}
        />
      ) : null}
      <Card>
        <Descriptions
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'target', label: t('ext.notify.target'), children: status.target },
            {
              key: 'tables',
              label: t('ext.notify.tables'),
              children:
                tables.kind === 'some'
                  ? tables.names
                  : t(tables.kind === 'all' ? 'ext.notify.allTables' : 'ext.notify.noTable'),
            },
            {
              key: 'signed',
              label: t('ext.notify.signed'),
              children: status.signed ? t('ext.notify.signedYes') : t('ext.notify.signedNo'),
            },
            { key: 'timeout', label: t('ext.notify.timeout'), children: `${String(status.timeoutMs)} ms` },
            {
              key: 'sent',
              label: t('ext.notify.sent'),
              children: <Tag color="green">{status.sent}</Tag>,
            },
            {
              key: 'failed',
              label: t('ext.notify.failed'),
              children: <Tag color={status.failed > 0 ? 'red' : 'default'}>{status.failed}</Tag>,
            },
            {
              key: 'lastAt',
              label: t('ext.notify.lastAt'),
              children:
                status.lastAt === null
                  ? t('ext.notify.never')
                  : dayjs(status.lastAt).format('YYYY-MM-DD HH:mm:ss'),
            },
            {
              key: 'lastError',
              label: t('ext.notify.lastError'),
              children:
                status.lastError === null ? (
                  '—'
                ) : (
                  <Typography.Text type="danger">{status.lastError}</Typography.Text>
                ),
            },
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('ext.notify.countersHint')}
        </Typography.Paragraph>
      </Card>
    </Space>
  );
};

/**
 * 变更通知 / Change notifications: whether the server sends a notification after each committed
 * write, where to, and how many went; holders of `ext:notify:manage` may send a test one.
 */
export const NotifyPage = () => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const apiUrl = useApiUrl();
  const { result, query } = useCustom<NotifyStatus>({ url: `${apiUrl}/ext/notify/status`, method: 'get' });
  const { data: access } = useCan({
    resource: MANAGE_RESOURCE.name,
    action: 'list',
    params: { resource: MANAGE_RESOURCE },
  });
  const { mutateAsync, mutation } = useCustomMutation<NotifyTestAnswer>();
  const status = query.isSuccess ? result.data : undefined;

  if (query.isError) {
    return (
      <LoadFailed title={t('ext.notify.title')} error={query.error} onRetry={() => void query.refetch()} />
    );
  }

  const sendTest = async () => {
    try {
      const { data } = await mutateAsync({
        url: `${apiUrl}/ext/notify/test`,
        method: 'post',
        values: {},
        successNotification: false,
        errorNotification: false,
      });
      void message.success(t('ext.notify.testSent', { status: data.status }));
    } catch (failure) {
      const reason = failureReason(failure, t('errors.unreachable'));
      void message.error(reason ? t('ext.notify.testFailedBecause', { reason }) : t('ext.notify.testFailed'));
    }
    // the counters moved either way
    void query.refetch();
  };

  return (
    <PageContainer
      title={t('ext.notify.title')}
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} loading={query.isFetching} onClick={() => void query.refetch()}>
            {t('ext.notify.refresh')}
          </Button>
          {access?.can === true && status?.configured === true ? (
            <Button
              type="primary"
              icon={<SendOutlined />}
              loading={mutation.isPending}
              onClick={() => void sendTest()}
            >
              {t('ext.notify.sendTest')}
            </Button>
          ) : null}
        </Space>
      }
    >
      {status === undefined ? (
        <Card loading />
      ) : status.configured ? (
        <Configured status={status} />
      ) : (
        <NotConfigured />
      )}
    </PageContainer>
  );
};
