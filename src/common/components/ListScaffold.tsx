import { ReloadOutlined } from '@ant-design/icons';
import { failureReason } from '../lib/failure-reason';
import { Alert, Button, Card, Empty, Flex, Input, Table, Tooltip, Typography, theme } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MetadataListController } from '../hooks/useMetadataListController';
import { useScreenLayout } from '../hooks/useScreenLayout';
import { PageContainer, type Crumb } from './PageContainer';
import { PaginationBar } from './PaginationBar';

export interface ListScaffoldProps<T extends { id?: number }> {
  title: string;
  breadcrumb: Crumb[];
  list: MetadataListController<T>;
  columns: TableColumnsType<T>;
  /** Buttons above the list (批量删除, 添加, ...). */
  toolbar?: ReactNode;
  /** Width the table scrolls at. */
  scrollX?: number;
  rowClassName?: TableProps<T>['rowClassName'];
}

/**
 * The one view of the metadata lists, over the list controller: keyword box (Enter searches),
 * toolbar, a selectable table with loading and empty states, and the pagination bar below.
 */
export const ListScaffold = <T extends { id?: number }>({
  title,
  breadcrumb,
  list,
  columns,
  toolbar,
  scrollX = 900,
  rowClassName,
}: ListScaffoldProps<T>) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { phone } = useScreenLayout();
  const selectedKeys = [...list.selected.keys()];
  // On a phone no column is pinned: pinned ones would leave the others no room to scroll in.
  const tableColumns = phone ? columns.map(({ fixed: _pinned, ...column }) => column) : columns;
  return (
    <PageContainer title={title} breadcrumb={breadcrumb}>
      <Card styles={{ body: { padding: phone ? token.paddingSM : token.paddingLG } }}>
        <Flex
          justify="space-between"
          align="center"
          gap={token.margin}
          wrap
          style={{ marginBottom: token.margin }}
        >
          <Flex align="center" gap={token.marginSM} wrap>
            <Input.Search
              allowClear
              aria-label={t('metadataList.searchPlaceholder')}
              placeholder={t('metadataList.searchPlaceholder')}
              enterButton={t('metadataList.search')}
              value={list.keyword}
              loading={list.isFetching && !list.isLoading}
              onChange={(event) => list.setKeyword(event.target.value)}
              onSearch={(value) => list.submitSearch(value)}
              style={{ width: 320, maxWidth: '100%' }}
            />
            <Tooltip title={t('buttons.refresh')}>
              <Button
                icon={<ReloadOutlined />}
                aria-label={t('buttons.refresh')}
                onClick={() => void list.reload()}
              />
            </Tooltip>
            {selectedKeys.length > 0 && (
              <Typography.Text type="secondary">
                {t('metadataList.selected', { count: selectedKeys.length })}
              </Typography.Text>
            )}
          </Flex>
          <Flex gap={token.marginXS} wrap>
            {toolbar}
          </Flex>
        </Flex>
        {list.error ? (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: token.margin }}
            message={t('metadataList.loadFailed')}
            description={failureReason(list.error, t('errors.unreachable'))}
            action={
              <Button size="small" onClick={() => void list.reload()}>
                {t('metadataList.retry')}
              </Button>
            }
          />
        ) : null}
        <Table<T>
          rowKey={list.keyOf}
          size="middle"
          columns={tableColumns}
          dataSource={list.rows}
          loading={list.isLoading || (list.isFetching && list.rows.length === 0)}
          pagination={false}
          scroll={{ x: scrollX }}
          rowClassName={rowClassName}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={list.search ? t('metadataList.noMatch') : t('metadataList.empty')}
              />
            ),
          }}
          rowSelection={{
            selectedRowKeys: selectedKeys,
            preserveSelectedRowKeys: true,
            onChange: list.select,
          }}
        />
        <div style={{ marginTop: token.margin }}>
          <PaginationBar
            page={list.page}
            rowsPerPage={list.rowsPerPage}
            count={list.count}
            onChange={list.changePage}
          />
        </div>
      </Card>
    </PageContainer>
  );
};
