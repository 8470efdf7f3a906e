import { CopyOutlined } from '@ant-design/icons';
import { App, Button, Modal, theme } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export interface JsonViewerProps {
  open: boolean;
  /** The value shown, as the server sent it. */
  value: unknown;
  title?: string;
  onClose: () => void;
}

/** Any value as indented JSON text (cycles and functions cannot come from the API). */
export const toJsonText = (value: unknown): string => {
  if (value === undefined) return '';
  return JSON.stringify(value, null, 2);
};

/** docs/product.md §2 raw JSON displayer: a record exactly as the API returned it, for developers. */
export const JsonViewer = ({ open, value, title, onClose }: JsonViewerProps) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const text = useMemo(() => (open ? toJsonText(value) : ''), [open, value]);
  return (
    <Modal
      open={open}
      title={title ?? t('businessList.jsonTitle')}
      width={760}
      destroyOnHidden
      onCancel={onClose}
      footer={[
        <Button
          key="copy"
          icon={<CopyOutlined />}
          onClick={() => {
            void navigator.clipboard
              ?.writeText(text)
              .then(() => message.success(t('businessList.copied')))
              .catch((error: unknown) => console.error(error));
          }}
        >
          {t('businessList.copy')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {t('exportDialog.close')}
        </Button>,
      ]}
    >
      <pre
        aria-label={title ?? t('businessList.jsonTitle')}
        style={{
          maxHeight: '60vh',
          overflow: 'auto',
          margin: 0,
          padding: token.paddingSM,
          background: token.colorFillQuaternary,
          borderRadius: token.borderRadius,
          fontFamily: token.fontFamilyCode,
          fontSize: token.fontSizeSM,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
        }}
      >
        {text}
      </pre>
    </Modal>
  );
};
