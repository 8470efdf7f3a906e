import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { failureReason } from '../lib/failure-reason';

export interface LoadFailedAlertProps {
  /** What could not be loaded, e.g. 修改历史加载失败. */
  message: string;
  error: unknown;
  /** The retry button's text. */
  retry: string;
  onRetry: () => void;
}

/** A part of a screen that could not be loaded: what, the reason, and a retry. */
export const LoadFailedAlert = ({ message, error, retry, onRetry }: LoadFailedAlertProps) => {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      message={message}
      description={failureReason(error, t('errors.unreachable'))}
      action={
        <Button size="small" onClick={onRetry}>
          {retry}
        </Button>
      }
    />
  );
};
