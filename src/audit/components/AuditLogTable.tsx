import { Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '../../../contract';
import { formatDateTime } from '../../common/lib/date-time';
import { detailSummary, isAlarming, tableLabel } from '../lib/detail-summary';

/** One page of audit log entries: time, user, action, table, detail summary, address. */
export const AuditLogTable = ({ entries }: { entries: readonly AuditEntry[] }) => {
  const { t } = useTranslation();
  const columns: TableColumnsType<AuditEntry> = [
    {
      title: t('audit.columns.time'),
      dataIndex: 'time',
      width: 160,
      render: (time: number) => formatDateTime(time),
    },
    {
      title: t('audit.columns.user'),
      key: 'user',
      width: 120,
      ellipsis: true,
      render: (_, entry) =>
        entry.user.name ?? <Typography.Text type="secondary">{t('audit.anonymous')}</Typography.Text>,
    },
    {
      title: t('audit.columns.action'),
      dataIndex: 'action',
      width: 140,
      render: (action: AuditEntry['action']) => (
        <Tag color={isAlarming(action) ? 'red' : undefined}>{t(`audit.actions.${action}`)}</Tag>
      ),
    },
    {
      title: t('audit.columns.table'),
      dataIndex: 'table',
      width: 120,
      ellipsis: true,
      render: (_: unknown, entry) => tableLabel(entry),
    },
    {
      title: t('audit.columns.detail'),
      key: 'detail',
      ellipsis: true,
      render: (_, entry) => {
        const summary = detailSummary(entry, (key, params) => t(key, params ?? {}));
        return <span title={summary}>{summary}</span>;
      },
    },
    { title: t('audit.columns.address'), dataIndex: 'address', width: 130, ellipsis: true },
  ];
  return (
    <Table<AuditEntry>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={[...entries]}
      pagination={false}
      scroll={{ x: 960 }}
      tableLayout="fixed"
    />
  );
};
