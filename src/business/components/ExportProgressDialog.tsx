import { Button, Flex, Modal, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ExportProgressDialogProps {
  /** When the export under way started (epoch milliseconds); null: no dialog. */
  startedAt: number | null;
  /** What the file holds. */
  description?: string;
  /** Stop waiting: the dialog closes and the file is not downloaded. */
  onClose: () => void;
}

/** The seconds an export has taken so far, counting up once a second. */
const Elapsed = ({ startedAt }: { startedAt: number }) => {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.floor((now - startedAt) / 1000));
  return (
    <Typography.Text type="secondary" role="timer">
      {t('exportDialog.elapsed', { count: seconds })}
    </Typography.Text>
  );
};

/**
 * docs/product.md §2 export dialog, for an export that takes a while: 生成中 with the time taken so
 * far; the file downloads by itself when it is ready and the dialog goes away.
 */
export const ExportProgressDialog = ({ startedAt, description, onClose }: ExportProgressDialogProps) => {
  const { t } = useTranslation();
  return (
    <Modal
      open={startedAt !== null}
      title={t('exportDialog.title')}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
      footer={<Button onClick={onClose}>{t('exportDialog.stop')}</Button>}
    >
      <Flex vertical align="center" gap={12} style={{ padding: 24 }}>
        <Spin />
        <Typography.Text>{t('exportDialog.generating')}</Typography.Text>
        {startedAt !== null && <Elapsed key={startedAt} startedAt={startedAt} />}
        {description && <Typography.Text type="secondary">{description}</Typography.Text>}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('exportDialog.downloadsBySelf')}
        </Typography.Text>
      </Flex>
    </Modal>
  );
};
