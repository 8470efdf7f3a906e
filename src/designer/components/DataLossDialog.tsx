import { WarningFilled } from '@ant-design/icons';
import { Alert, Flex, List, Modal, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataLossEntry } from '../lib/grid-errors';

export interface DataLossDialogProps {
  open: boolean;
  /** Each affected column with the server's message for it. */
  entries: DataLossEntry[];
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The server refused a change that would lose data (409): each affected column with the server's
 * message; 确认并继续 repeats the save with `confirmDataLoss=true`, 取消 keeps editing.
 */
export const DataLossDialog = ({ open, entries, busy, onConfirm, onCancel }: DataLossDialogProps) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Modal
      open={open}
      width={560}
      title={
        <Flex align="center" gap={token.marginXS}>
          <WarningFilled style={{ color: token.colorWarning }} />
          <span>{t('designer.dataLossTitle')}</span>
        </Flex>
      }
      okText={t('designer.dataLossConfirm')}
      cancelText={t('buttons.cancel')}
      okButtonProps={{ danger: true }}
      confirmLoading={busy}
      maskClosable={false}
      keyboard={!busy}
      destroyOnHidden
      onOk={onConfirm}
      onCancel={() => {
        if (!busy) onCancel();
      }}
    >
      <Flex vertical gap={token.margin}>
        <Alert type="warning" showIcon message={t('designer.dataLossIntro')} />
        <List
          size="small"
          bordered
          dataSource={entries}
          aria-label={t('designer.dataLossTitle')}
          renderItem={(entry) => (
            <List.Item>
              <Flex vertical gap={2}>
                <Typography.Text strong>
                  {entry.caption ? `${entry.caption} (${entry.name})` : entry.name}
                </Typography.Text>
                <Typography.Text type="danger">{entry.message}</Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      </Flex>
    </Modal>
  );
};
