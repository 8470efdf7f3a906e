import { CloseOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadFile } from '../api/upload-file';
import { downloadHref } from '../lib/download-url';
import type { FieldInputProps } from './types';

/** ATTACHMENT: the stored file as a 查看 link, an upload button (`POST /api/file`) and a clear button. */
export const AttachmentInput = ({ id, value, onChange, disabled }: FieldInputProps) => {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const url = typeof value === 'string' && value.trim() !== '' ? value : undefined;
  return (
    <Space id={id} wrap>
      {url && (
        <Typography.Link href={downloadHref(url)} target="_blank" rel="noopener noreferrer">
          {t('businessForm.view')}
        </Typography.Link>
      )}
      {!disabled && (
        <Upload
          showUploadList={false}
          maxCount={1}
          customRequest={({ file, onSuccess, onError }) => {
            setUploading(true);
            uploadFile(file as Blob, (file as File).name)
              .then((uploaded) => {
                onChange?.(uploaded.url);
                onSuccess?.(uploaded);
              })
              .catch((error: unknown) => {
                // SPEC §8: an upload failure hides the loading and is only logged; the value stays.
                console.error('crudboard: upload failed', error);
                onError?.(error as Error);
              })
              .finally(() => setUploading(false));
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploading}>
            {t('businessForm.upload')}
          </Button>
        </Upload>
      )}
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
