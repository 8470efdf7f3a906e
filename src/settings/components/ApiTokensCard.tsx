import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useCustom, useCustomMutation } from '@refinedev/core';
import { Alert, App, Button, Card, Empty, Flex, List, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiTokenInfo } from '../../../contract';
import { useScreenLayout } from '../../common/hooks/useScreenLayout';
import { myTokensCall, revokeTokenCall } from '../../providers/custom-calls';
import { CreateTokenDialog } from './CreateTokenDialog';

const when = (iso: string | null, none: string) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : none);

/** API 令牌 on the settings page: the user's tokens, a new one (shown once), revoking one. */
export const ApiTokensCard = () => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { phone } = useScreenLayout();
  const [creating, setCreating] = useState(false);
  const list = myTokensCall();
  const { result, query } = useCustom<ApiTokenInfo[]>({
    url: list.url,
    method: 'get',
    queryOptions: { retry: false },
    errorNotification: false,
  });
  const { mutateAsync: runRevoke } = useCustomMutation();
  const tokens: ApiTokenInfo[] = Array.isArray(result.data) ? result.data : [];

  const revoke = async (token: ApiTokenInfo) => {
    const call = revokeTokenCall(token.id);
    try {
      await runRevoke({
        url: call.url,
        method: 'delete',
        values: {},
        successNotification: false,
        errorNotification: false,
      });
      void message.success(t('apiTokens.revoked'));
    } catch (error) {
      void message.error((error as { message?: string }).message ?? t('apiTokens.revokeFailed'));
    }
    await query.refetch();
  };

  const codesOf = (codes: string[] | null) =>
    codes ? (
      <Space size={[4, 4]} wrap style={{ maxWidth: 320 }}>
        {codes.map((code) => (
          <Tag key={code}>{code}</Tag>
        ))}
      </Space>
    ) : (
      <Typography.Text type="secondary">{t('apiTokens.allPermissions')}</Typography.Text>
    );

  const revokeButton = (token: ApiTokenInfo) => (
    <Popconfirm
      title={t('apiTokens.revokeConfirm', { name: token.name })}
      okText={t('apiTokens.revoke')}
      cancelText={t('apiTokens.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={() => revoke(token)}
    >
      <Button danger size="small" icon={<DeleteOutlined />}>
        {t('apiTokens.revoke')}
      </Button>
    </Popconfirm>
  );

  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('apiTokens.empty')} />;

  return (
    <Card
      title={t('apiTokens.title')}
      style={{ marginBottom: 24 }}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {t('apiTokens.create')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('apiTokens.hint')}</Typography.Paragraph>
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          message={t('apiTokens.loadFailed')}
          description={(query.error as { message?: string } | null)?.message}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('apiTokens.retry')}
            </Button>
          }
        />
      ) : phone ? (
        <List<ApiTokenInfo>
          loading={query.isLoading}
          dataSource={tokens}
          locale={{ emptyText: empty }}
          renderItem={(token) => (
            <List.Item>
              <Flex vertical gap={4} style={{ width: '100%' }}>
                <Flex justify="space-between" align="center" gap={8}>
                  <Typography.Text strong ellipsis>
                    {token.name}
                  </Typography.Text>
                  {revokeButton(token)}
                </Flex>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('apiTokens.created')} {when(token.createdAt, '')} · {t('apiTokens.expires')}{' '}
                  {when(token.expiresAt, t('apiTokens.never'))}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('apiTokens.lastUsed')} {when(token.lastUsedAt, t('apiTokens.notUsed'))}
                </Typography.Text>
                {codesOf(token.permissions)}
              </Flex>
            </List.Item>
          )}
        />
      ) : (
        <Table<ApiTokenInfo>
          rowKey="id"
          size="small"
          loading={query.isLoading}
          dataSource={tokens}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('apiTokens.empty')} />,
          }}
          columns={[
            {
              title: t('apiTokens.name'),
              dataIndex: 'name',
              render: (name: string) => <strong>{name}</strong>,
            },
            { title: t('apiTokens.created'), dataIndex: 'createdAt', render: (at: string) => when(at, '') },
            {
              title: t('apiTokens.expires'),
              dataIndex: 'expiresAt',
              render: (at: string | null) => when(at, t('apiTokens.never')),
            },
            {
              title: t('apiTokens.lastUsed'),
              dataIndex: 'lastUsedAt',
              render: (at: string | null) => when(at, t('apiTokens.notUsed')),
            },
            {
              title: t('apiTokens.permissions'),
              dataIndex: 'permissions',
              render: (codes: string[] | null) => codesOf(codes),
            },
            {
              title: t('apiTokens.actions'),
              key: 'actions',
              render: (_: unknown, token: ApiTokenInfo) => revokeButton(token),
            },
          ]}
        />
      )}
      <CreateTokenDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={() => void query.refetch()}
      />
    </Card>
  );
};
