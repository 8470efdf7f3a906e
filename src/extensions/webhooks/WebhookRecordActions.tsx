import { UnorderedListOutlined } from '@ant-design/icons';
import { useOne } from '@refinedev/core';
import { ConfigProvider, Flex, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { businessPermission } from '../../../contract';
import { DeliveryStatusTag } from './DeliveryStatusTag';
import { ReplayButton } from './ReplayButton';
import { deliveriesPath, DELIVERY_TABLE, mayResend, replayId, webhookTableOf } from './webhook-tables';

interface FormProps {
  tableName: string;
  dataSource: string;
  recordId?: string;
}

/**
 * Above the fields of a webhook table's record page (a slot of the generic form; only the two
 * webhook tables answer, and only for a stored record). A delivery: its status and 重发 / Resend;
 * a webhook: Resend dead letters and a link to its deliveries.
 */
export const WebhookRecordActions = ({ tableName, dataSource, recordId }: FormProps) => {
  const table = webhookTableOf(tableName, dataSource);
  const id = replayId(recordId);
  if (!table || id === undefined || recordId === undefined) return null;
  return (
    // The form of a read-only table (deliveries) is disabled as a whole; these buttons are not fields.
    <ConfigProvider componentDisabled={false}>
      {table === 'delivery' ? <DeliveryBar id={id} recordId={recordId} /> : <WebhookBar id={id} />}
    </ConfigProvider>
  );
};

const Bar = ({ children }: { children: ReactNode }) => {
  const { token } = theme.useToken();
  return (
    <Flex
      wrap
      align="center"
      gap={token.marginSM}
      role="toolbar"
      style={{ marginBottom: token.marginMD, minWidth: 0 }}
    >
      {children}
    </Flex>
  );
};

const DeliveryBar = ({ id, recordId }: { id: number; recordId: string }) => {
  const { t } = useTranslation();
  // the record the form reads (same resource, key and meta, so one request serves both)
  const { result } = useOne<Record<string, unknown>>({
    resource: DELIVERY_TABLE,
    id: recordId,
    meta: { requiredPermissions: [businessPermission(DELIVERY_TABLE, 'read')] },
    errorNotification: false,
  });
  // offered once the status is known: a delivery already waiting is not sent again
  const status = result?.status;
  return (
    <Bar>
      <Typography.Text type="secondary">{t('ext.webhooks.statusLabel')}</Typography.Text>
      <DeliveryStatusTag value={status} />
      {result !== undefined && mayResend(status) && <ReplayButton kind="delivery" id={id} look="button" />}
    </Bar>
  );
};

const WebhookBar = ({ id }: { id: number }) => {
  const { t } = useTranslation();
  return (
    <Bar>
      <ReplayButton kind="deadLetters" id={id} look="button" />
      <Link to={deliveriesPath(id)}>
        <UnorderedListOutlined /> {t('ext.webhooks.deliveries')}
      </Link>
    </Bar>
  );
};
