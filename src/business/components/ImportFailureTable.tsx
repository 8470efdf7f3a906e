import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImportFailure } from '../../../contract';

/** The bad rows of an import: (table,) row, column, reason; paged past ten. */
export const ImportFailureTable = ({
  failures,
  withTable = false,
}: {
  failures: ImportFailure[];
  withTable?: boolean;
}) => {
  const { t } = useTranslation();
  return (
    <Table<ImportFailure>
      size="small"
      rowKey={(failure) => `${failure.table ?? ''}:${failure.row}:${failure.column ?? ''}:${failure.message}`}
      dataSource={failures}
      pagination={failures.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      columns={[
        ...(withTable
          ? [{ key: 'table', title: t('recordImport.table'), dataIndex: 'table', width: 160 }]
          : []),
        { key: 'row', title: t('recordImport.row'), dataIndex: 'row', width: 90 },
        { key: 'column', title: t('recordImport.column'), dataIndex: 'column', width: 200 },
        { key: 'message', title: t('recordImport.reason'), dataIndex: 'message' },
      ]}
    />
  );
};
