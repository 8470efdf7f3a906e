import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Table } from '../../../contract';
import type { TableDraft } from '../lib/table-draft';
import { hasColumnChanges, summariseColumnChanges } from '../lib/table-payload';

/** What the save will do, shown in the 确认提交吗？ step. */
export const TableChangeSummary = ({ draft, stored }: { draft: TableDraft; stored?: Table }) => {
  const { t } = useTranslation();
  if (!stored) {
    return (
      <Typography.Text>
        {t('designer.summaryCreate', { tableName: draft.tableName, count: draft.columns.length })}
      </Typography.Text>
    );
  }
  const changes = summariseColumnChanges(stored.columns ?? [], draft.columns);
  if (!hasColumnChanges(changes))
    return <Typography.Text>{t('designer.summaryNoColumnChanges')}</Typography.Text>;
  const line = (key: string, items: string[], danger = false) =>
    items.length > 0 ? (
      <Typography.Text type={danger ? 'danger' : undefined}>
        {t(`designer.summary.${key}`, { list: items.join('、'), count: items.length })}
      </Typography.Text>
    ) : null;
  return (
    <Flex vertical gap={6}>
      {line('added', changes.added)}
      {line(
        'renamed',
        changes.renamed.map((r) => `${r.from} → ${r.to}`),
      )}
      {line(
        'retyped',
        changes.retyped.map((r) => `${r.name}: ${r.from} → ${r.to}`),
      )}
      {line('removed', changes.removed, true)}
    </Flex>
  );
};
