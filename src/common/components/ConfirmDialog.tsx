import { ExclamationCircleFilled } from '@ant-design/icons';
import { Flex, Modal, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  open: boolean;
  /** The question, e.g. 确认删除吗？ / 确认提交吗？ */
  title: string;
  children?: ReactNode;
  okText?: string;
  danger?: boolean;
  /** The confirmed action is running: the OK button spins, the dialog stays. */
  busy?: boolean;
  /** Nothing chosen to act on yet: the OK button is disabled. */
  okDisabled?: boolean;
  width?: number;
  onOk: () => void;
  onCancel: () => void;
}

/** A yes / no question in a modal; Esc and 取消 close it, Enter on the OK button confirms. */
export const ConfirmDialog = ({
  open,
  title,
  children,
  okText,
  danger = false,
  busy = false,
  okDisabled = false,
  width = 440,
  onOk,
  onCancel,
}: ConfirmDialogProps) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Modal
      open={open}
      width={width}
      title={
        <Flex align="center" gap={token.marginXS}>
          <ExclamationCircleFilled style={{ color: danger ? token.colorError : token.colorWarning }} />
          <span>{title}</span>
        </Flex>
      }
      okText={okText ?? t('common.ok')}
      cancelText={t('buttons.cancel')}
      okButtonProps={{ danger, autoFocus: true, disabled: okDisabled }}
      confirmLoading={busy}
      maskClosable={!busy}
      keyboard={!busy}
      destroyOnHidden
      onOk={onOk}
      onCancel={() => {
        if (!busy) onCancel();
      }}
    >
      {children ?? <Typography.Text type="secondary">{t('common.confirmHint')}</Typography.Text>}
    </Modal>
  );
};
