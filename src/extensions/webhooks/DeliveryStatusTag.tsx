import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { isDeliveryStatus, STATUS_COLORS } from './webhook-tables';

/** A delivery's status as a coloured tag in the UI language; another value shows as it is. */
export const DeliveryStatusTag = ({ value }: { value: unknown }) => {
  const { t } = useTranslation();
  if (value === null || value === undefined || value === '') return null;
  if (!isDeliveryStatus(value)) return <>{String(value)}</>;
  return (
    <Tag color={STATUS_COLORS[value]} style={{ marginInlineEnd: 0 }}>
      {t(`ext.webhooks.status.${value}`)}
    </Tag>
  );
};
