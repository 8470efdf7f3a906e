import { ReloadOutlined } from '@ant-design/icons';
import { failureReason } from '../lib/failure-reason';
import { Alert, Button, Card, Empty, Flex, Input, Table, Tooltip, Typography, theme } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenLayout } from '../hooks/useScreenLayout';
import { PageContainer, type Crumb } from './PageContainer';
import { PaginationBar } from './PaginationBar';

/**
 * What the scaffold reads of a list: a page of rows, the keyword, the selection kept by key and the
 * paging. The list controller (`useListController`, paged by the server) is one; a list held in
 * the browser gives the same members.
 */
export interface ScaffoldList<T> {
  rows: T[];
  count: number;
  page: number;
  rowsPerPage: number;
  isLoading: boolean;
  isFetching: boolean;
  error: unknown;
  /** The keyword as typed; `search` is the one the rows were found with. */
  keyword: string;
  search: string;
  setKeyword: (keyword: string) => void;
  submitSearch: (keyword: string) => void;
  keyOf: (row: T) => string;
  selected: ReadonlyMap<string, T>;
  select: (keys: readonly (string | number | bigint)[], rowsOnPage: readonly (T | undefined)[]) => void;
  changePage: (page: number, rowsPerPage: number) => void;
  reload: () => Promise<void>;
}

export interface ListScaffoldProps<T extends object> {
  title: string;
  breadcrumb: Crumb[];
  list: ScaffoldList<T>;
  columns: TableColumnsType<T>;
  /** Buttons above the list (批量删除, 添加, ...). */
  toolbar?: ReactNode;
  /** Shown at the top of the card, above the keyword box (an introduction, an outcome). */
  header?: ReactNode;
  /** Beside the count of selected rows (选择全部, 清除选择 ...). */
  selectionTools?: ReactNode;
  /** Given: shown in place of the keyword box, list and pager (nothing left to list at all). */
  placeholder?: ReactNode;
  /** Width the table scrolls at. */
  scrollX?: number;
  rowClassName?: TableProps<T>['rowClassName'];
}

/**
 * The one view of the metadata lists (and of the physical tables to reverse), over a list
 * controller: keyword box (Enter searches), toolbar, a selectable table with loading and empty
 * states, and the pagination bar below.
 */
export const ListScaffold = <T extends object>({
  title,
  breadcrumb,
  list,
  columns,
  toolbar,
  header,
  selectionTools,
  placeholder,
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
        {header}
        {placeholder ?? (
          <>
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
                {selectionTools}
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
          </>
        )}
      </Card>
    </PageContainer>
  );
};
