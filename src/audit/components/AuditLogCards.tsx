import { Card, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '../../../contract';
import { formatDateTime } from '../../common/lib/date-time';
import { detailSummary, isAlarming, tableLabel } from '../lib/detail-summary';

/** One page of audit log entries as cards, for phones: the table's columns, one entry per card. */
export const AuditLogCards = ({ entries }: { entries: readonly AuditEntry[] }) => {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={8}>
      {entries.map((entry) => (
        <Card key={entry.id} size="small" data-testid="audit-card">
          <Flex justify="space-between" align="center" gap={8} wrap>
            <Tag color={isAlarming(entry.action) ? 'red' : undefined}>
              {t(`audit.actions.${entry.action}`)}
            </Tag>
            <Typography.Text type="secondary">{formatDateTime(entry.time)}</Typography.Text>
          </Flex>
          <div style={{ marginTop: 6 }}>
            {entry.user.name ?? <Typography.Text type="secondary">{t('audit.anonymous')}</Typography.Text>}
            {entry.table === null ? null : ` · ${tableLabel(entry)}`}
            {entry.address ? (
              <Typography.Text type="secondary">{` · ${entry.address}`}</Typography.Text>
            ) : null}
          </div>
          <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: '4px 0 0', wordBreak: 'break-all' }}>
            {detailSummary(entry, (key, params) => t(key, params ?? {}))}
          </Typography.Paragraph>
        </Card>
      ))}
    </Flex>
  );
};
