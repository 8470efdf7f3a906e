import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Table } from '../../../contract';
import type { BusinessRecord } from '../lib/business-record';
import { deleteConfirmLines, type RecordAction } from '../lib/delete-confirm-text';
import { recordTitle } from '../../../contract';

/**
 * The body of a delete / soft delete / restore confirmation: the records by their titles, then
 * whether they go to the recycle bin, are gone for good, or come back.
 */
export const RecordConfirmText = ({
  action,
  table,
  records,
  count,
}: {
  action: RecordAction;
  table: Pick<Table, 'columns' | 'primaryNames'>;
  /** The records at hand (those of other pages may be missing: they are counted, not named). */
  records: readonly BusinessRecord[];
  count: number;
}) => {
  const { t } = useTranslation();
  const lines = deleteConfirmLines(
    action,
    records.map((record) => recordTitle(table, record)),
    count,
    { quote: (text) => t('recordConfirm.quote', { text }), separator: t('recordConfirm.separator') },
  );
  return (
    <Flex vertical gap={4} data-testid="record-confirm">
      {lines.map((line, index) => (
        <Typography.Text
          key={line.key}
          type={index > 0 && action === 'delete' ? 'danger' : undefined}
          strong={index > 0}
        >
          {t(line.key, line.values)}
        </Typography.Text>
      ))}
    </Flex>
  );
};
