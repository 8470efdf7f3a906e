import { Empty, Flex, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from './LoadFailedAlert';

export interface QueryStateProps {
  /** The read behind the content (a Refine query). */
  query: { isError: boolean; error: unknown; isLoading: boolean; refetch: () => unknown };
  /** What could not be loaded, e.g. 修改历史加载失败. */
  failed: string;
  /** The read found nothing: `emptyText` shows instead of the content. */
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}

/** The content of a read, or its failure with a retry, a spinner while it loads, or that it is empty. */
export const QueryState = ({ query, failed, empty, emptyText, children }: QueryStateProps) => {
  const { t } = useTranslation();
  if (query.isError) {
    return (
      <LoadFailedAlert
        message={failed}
        error={query.error}
        retry={t('recordHistory.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.isLoading) {
    return (
      <Flex justify="center" style={{ padding: 24 }}>
        <Spin />
      </Flex>
    );
  }
  if (empty) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
  return <>{children}</>;
};
