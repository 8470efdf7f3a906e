import { Alert, Empty, Flex, Table, Tag, Typography, theme } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SqlResult } from '../lib/sql-types';
import { cellText } from '../lib/sql-statements';

type ResultRow = { key: number; cells: unknown[] };

const PAGE_SIZE = 50;

/** The result of a statement: row count, time, what was left out or cut, and the rows with typed headers. */
export const SqlResultGrid = ({ result }: { result: SqlResult }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const rows = useMemo<ResultRow[]>(() => result.rows.map((cells, key) => ({ key, cells })), [result.rows]);
  const columns = useMemo<TableColumnsType<ResultRow>>(
    () =>
      result.columns.map((column, index) => ({
        key: `${index}:${column.name}`,
        title: (
          <Flex vertical gap={2}>
            <span>{column.name}</span>
            {column.type && (
              <Tag
                bordered={false}
                color="geekblue"
                style={{ fontSize: 11, lineHeight: '16px', width: 'fit-content' }}
              >
                {column.type}
              </Tag>
            )}
          </Flex>
        ),
        ellipsis: true,
        onCell: () => ({ style: { maxWidth: 320 } }),
        render: (_: unknown, row: ResultRow) => {
          const value = row.cells[index];
          if (value === null || value === undefined)
            return (
              <Typography.Text type="secondary" italic>
                NULL
              </Typography.Text>
            );
          const text = cellText(value);
          return <span title={text.length > 40 ? text : undefined}>{text}</span>;
        },
      })),
    [result.columns],
  );
  const hasColumns = result.columns.length > 0;
  const truncation = result.truncation ?? (result.truncated ? ['rows'] : []);
  const notices = [
    ...(truncation.includes('rows') ? [t('sqlConsole.truncated')] : []),
    ...(truncation.includes('bytes') ? [t('sqlConsole.truncatedBytes', { count: result.rows.length })] : []),
    ...(truncation.includes('cells') ? [t('sqlConsole.truncatedCells')] : []),
  ];

  return (
    <Flex vertical gap={token.marginSM}>
      <Flex gap={token.marginSM} wrap align="center">
        <Typography.Text strong>
          {hasColumns
            ? t('sqlConsole.rowCount', { count: result.rowCount })
            : t('sqlConsole.affected', { count: result.rowCount })}
        </Typography.Text>
        <Typography.Text type="secondary">
          {t('sqlConsole.elapsed', { ms: result.elapsedMs })}
        </Typography.Text>
      </Flex>
      {notices.map((notice) => (
        <Alert key={notice} type="warning" showIcon message={notice} />
      ))}
      {hasColumns ? (
        <Table<ResultRow>
          size="small"
          bordered
          columns={columns}
          dataSource={rows}
          scroll={{ x: 'max-content' }}
          pagination={
            rows.length > PAGE_SIZE
              ? {
                  defaultPageSize: PAGE_SIZE,
                  showSizeChanger: false,
                  size: 'small',
                  showTotal: (total) => t('sqlConsole.rowCount', { count: total }),
                }
              : false
          }
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sqlConsole.noRows')} />,
          }}
        />
      ) : (
        <Typography.Text type="secondary">{t('sqlConsole.noResultSet')}</Typography.Text>
      )}
    </Flex>
  );
};
