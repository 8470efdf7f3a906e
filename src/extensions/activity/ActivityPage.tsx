import { useApiUrl, useCustom } from '@refinedev/core';
import { Select, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadFailed } from '../../common/components/LoadFailed';
import { PageContainer } from '../../common/components/PageContainer';
import { useUserTables } from '../../resources/useUserTables';
import { useCaption } from '../../common/hooks/useCaption';
import { recentActivityCall } from '../../providers/app-calls';
import { recordPath, type ActivityEntry } from './activity-entries';

const ACTION_COLORS: Record<ActivityEntry['action'], string> = {
  create: 'green',
  update: 'blue',
  delete: 'red',
  softDelete: 'orange',
  restore: 'cyan',
};

/** The newest record changes of the data source, optionally of one table. */
export const ActivityPage = () => {
  const { t } = useTranslation();
  const caption = useCaption();
  const { dataSource = 'primary' } = useParams();
  const apiUrl = useApiUrl();
  const [table, setTable] = useState<string | undefined>();
  const { tables } = useUserTables(dataSource);
  const call = recentActivityCall(apiUrl, dataSource, 100, table);
  const { result, query } = useCustom<ActivityEntry[]>({
    url: call.url,
    method: 'get',
    config: { query: call.query },
    meta: call.meta,
  });
  const entries = Array.isArray(result.data) ? result.data : [];
  if (query.isError) {
    return (
      <LoadFailed title={t('ext.activity.title')} error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  return (
    <PageContainer
      title={t('ext.activity.title')}
      extra={
        <Select
          allowClear
          showSearch
          aria-label={t('ext.activity.table')}
          placeholder={t('ext.activity.allTables')}
          style={{ minWidth: 220 }}
          value={table}
          onChange={(value: string | undefined) => setTable(value)}
          options={tables.map((item) => ({ value: item.name, label: caption(item) }))}
        />
      }
    >
      <Table<ActivityEntry>
        rowKey="id"
        size="small"
        loading={query.isLoading}
        dataSource={entries}
        pagination={false}
        locale={{ emptyText: t('ext.activity.empty') }}
        columns={[
          {
            key: 'time',
            title: t('ext.activity.time'),
            render: (_value, entry) => dayjs(entry.createdAt).format('YYYY-MM-DD HH:mm:ss'),
          },
          { key: 'table', title: t('ext.activity.table'), dataIndex: 'tableName' },
          {
            key: 'record',
            title: t('ext.activity.record'),
            render: (_value, entry) => {
              const path = recordPath(dataSource, entry);
              return path ? <Link to={path}>{entry.recordKey}</Link> : entry.recordKey;
            },
          },
          {
            key: 'action',
            title: t('ext.activity.action'),
            render: (_value, entry) => (
              <Tag color={ACTION_COLORS[entry.action]}>{t(`ext.activity.actions.${entry.action}`)}</Tag>
            ),
          },
          {
            key: 'channel',
            title: t('ext.activity.channel'),
            responsive: ['md'],
            render: (_value, entry) => t(`ext.activity.channels.${entry.channel}`),
          },
          {
            key: 'user',
            title: t('ext.activity.user'),
            render: (_value, entry) => entry.username ?? (entry.userId === null ? '' : `#${entry.userId}`),
          },
        ]}
      />
    </PageContainer>
  );
};
