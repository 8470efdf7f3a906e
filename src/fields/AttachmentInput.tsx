import { CloseOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FileUpload } from '../upload/components/FileUpload';
import { downloadHref } from '../common/lib/download-url';
import type { FieldInputProps } from './types';

/**
 * ATTACHMENT: the stored file as a 查看 link, the file upload (big files in resumable chunks) and a
 * clear button. An upload stores the file's URL; a failed one keeps the value.
 */
export const AttachmentInput = ({ id, value, onChange, disabled }: FieldInputProps) => {
  const { t } = useTranslation();
  const url = typeof value === 'string' && value.trim() !== '' ? value : undefined;
  return (
    <Space id={id} wrap align="start">
      {url && (
        <Typography.Link href={downloadHref(url)} target="_blank" rel="noopener noreferrer">
          {t('businessForm.view')}
        </Typography.Link>
      )}
      {!disabled && <FileUpload onUploaded={(uploaded) => onChange?.(uploaded)} />}
      {!disabled && url && (
        <Button
          type="text"
          icon={<CloseOutlined />}
          aria-label={t('businessForm.clear')}
          onClick={() => onChange?.('')}
        />
      )}
    </Space>
  );
};
