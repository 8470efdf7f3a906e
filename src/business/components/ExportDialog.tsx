import { DownloadOutlined } from '@ant-design/icons';
import { Button, Flex, Modal, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { downloadHref } from '../../common/lib/download-url';

export interface ExportDialogProps {
  open: boolean;
  /** The file is being generated (生成中). */
  generating: boolean;
  /** Download URL the server returned, once ready. */
  url: string | null;
  /** What the file holds, shown above the link. */
  description?: string;
  onClose: () => void;
}

/** docs/product.md §2 export dialog: 生成中 while the server builds the file, then the download link and 关闭. */
export const ExportDialog = ({ open, generating, url, description, onClose }: ExportDialogProps) => {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('exportDialog.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button onClick={onClose} autoFocus={!url}>
          {t('exportDialog.close')}
        </Button>
      }
    >
      {generating || !url ? (
        <Flex vertical align="center" gap={12} style={{ padding: 24 }}>
          <Spin />
          <Typography.Text type="secondary">{t('exportDialog.generating')}</Typography.Text>
        </Flex>
      ) : (
        <Result
          status="success"
          title={t('exportDialog.ready')}
          subTitle={description}
          extra={
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              href={downloadHref(url)}
              target="_blank"
              autoFocus
            >
              {t('exportDialog.download')}
            </Button>
          }
        />
      )}
    </Modal>
  );
};
