import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { failureReason } from '../lib/failure-reason';
import { PageContainer, type Crumb } from './PageContainer';

export interface LoadFailedProps {
  title: string;
  breadcrumb?: Crumb[];
  error: unknown;
  onRetry: () => void;
}

/** A screen whose record could not be loaded: the reason and a retry, inside the page frame. */
export const LoadFailed = ({ title, breadcrumb, error, onRetry }: LoadFailedProps) => {
  const { t } = useTranslation();
  const reason = failureReason(error, t('errors.unreachable'));
  return (
    <PageContainer title={title} breadcrumb={breadcrumb}>
      <Card>
        <Result
          status="warning"
          title={t('metadataList.loadFailed')}
          subTitle={reason}
          extra={
            <Button type="primary" onClick={onRetry}>
              {t('metadataList.retry')}
            </Button>
          }
        />
      </Card>
    </PageContainer>
  );
};
