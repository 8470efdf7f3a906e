import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, Skeleton, Table, Tag, Typography, theme } from 'antd';
import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomCall } from '../../common/hooks/useCustomCall';
import type {
  PhysicalColumn,
  PhysicalForeignKey,
  PhysicalIndex,
  PhysicalTableDescription,
} from '../../../contract';
import { describePhysicalTableCall } from '../../providers/custom-calls';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <section>
    <Typography.Title level={5} style={{ marginTop: 0 }}>
      {title}
    </Typography.Title>
    {children}
  </section>
);

/** What the database says about one physical table: columns, indexes and foreign keys. */
export const PhysicalTablePreview = ({ tableName }: { tableName: string }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { dataSource } = useCurrentDataSource();
  const call = useCustomCall('metadata');
  const query = useQuery({
    queryKey: ['physical-table', dataSource, tableName],
    queryFn: ({ signal }) =>
      call<PhysicalTableDescription>({ ...describePhysicalTableCall(tableName), meta: { signal } }),
  });
  const yes = (value?: boolean) => (value ? t('common.yes') : t('common.no'));

  if (query.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (query.isError) {
    return (
      <Alert
        type="error"
        showIcon
        message={t('metadataList.loadFailed')}
        description={(query.error as { message?: string }).message}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {t('metadataList.retry')}
          </Button>
        }
      />
    );
  }
  const table = query.data;
  const columns: TableColumnsType<PhysicalColumn> = [
    {
      title: t('reverse.column.name'),
      dataIndex: 'name',
      render: (name: string, row) => (
        <Typography.Text
          strong={Boolean(row.key && /pri/i.test(row.key))}
          style={{ fontFamily: token.fontFamilyCode }}
        >
          {name}
        </Typography.Text>
      ),
    },
    { title: t('reverse.column.type'), dataIndex: 'type', render: (type: string) => <Tag>{type}</Tag> },
    { title: t('reverse.column.nullable'), dataIndex: 'nullable', width: 60, render: yes },
    {
      title: t('reverse.column.key'),
      dataIndex: 'key',
      width: 70,
      render: (key?: string | null) =>
        key ? <Tag color={/pri/i.test(key) ? 'gold' : 'blue'}>{key}</Tag> : null,
    },
    {
      title: t('reverse.column.default'),
      dataIndex: 'default',
      render: (value: unknown) =>
        value === null || value === undefined ? null : (
          <Typography.Text code>{String(value)}</Typography.Text>
        ),
    },
    { title: t('reverse.column.autoIncrement'), dataIndex: 'autoIncrement', width: 60, render: yes },
    { title: t('reverse.column.comment'), dataIndex: 'comment', ellipsis: true },
  ];
  const indexColumns: TableColumnsType<PhysicalIndex> = [
    { title: t('reverse.index.name'), dataIndex: 'name' },
    { title: t('reverse.index.unique'), dataIndex: 'unique', width: 60, render: yes },
    {
      title: t('reverse.index.columns'),
      dataIndex: 'columns',
      render: (list: string[]) => (list ?? []).join(', '),
    },
    { title: t('reverse.index.type'), dataIndex: 'type', width: 90 },
  ];
  const fkColumns: TableColumnsType<PhysicalForeignKey> = [
    { title: t('reverse.foreignKey.column'), dataIndex: 'column' },
    {
      title: t('reverse.foreignKey.references'),
      key: 'ref',
      render: (_: unknown, row) => `${row.refTable}.${row.refColumn}`,
    },
  ];
  const empty = (text: string) => ({
    emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />,
  });

  return (
    <Flex vertical gap={token.marginLG}>
      {table.comment && <Typography.Paragraph type="secondary">{table.comment}</Typography.Paragraph>}
      {table.recordKey?.kind === 'unique' && (
        <Alert
          type="info"
          showIcon
          message={t('reverse.keyUnique', { columns: table.recordKey.columns.join(', ') })}
        />
      )}
      {table.recordKey?.kind === 'none' && <Alert type="warning" showIcon message={t('reverse.keyNone')} />}
      <Section title={t('reverse.columnsTitle', { count: table.columns?.length ?? 0 })}>
        <Table<PhysicalColumn>
          size="small"
          rowKey="name"
          columns={columns}
          dataSource={table.columns ?? []}
          pagination={false}
          scroll={{ x: 640 }}
        />
      </Section>
      <Section title={t('reverse.indexesTitle')}>
        <Table<PhysicalIndex>
          size="small"
          rowKey="name"
          columns={indexColumns}
          dataSource={table.indexs ?? []}
          pagination={false}
          locale={empty(t('reverse.noIndexes'))}
        />
      </Section>
      <Section title={t('reverse.foreignKeysTitle')}>
        <Table<PhysicalForeignKey>
          size="small"
          rowKey={(row) => `${row.column}>${row.refTable}.${row.refColumn}`}
          columns={fkColumns}
          dataSource={table.foreignKeys ?? []}
          pagination={false}
          locale={empty(t('reverse.noForeignKeys'))}
        />
      </Section>
    </Flex>
  );
};
