import { CloseCircleFilled, ReloadOutlined, WarningFilled } from '@ant-design/icons';
import { Button, Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';

/** The retry screen of a page that failed to load or render (kept light: it ships with the first screen). */
export const ErrorScreen = ({ kind }: { kind: 'chunk' | 'render' }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const Icon = kind === 'chunk' ? WarningFilled : CloseCircleFilled;
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      gap={12}
      role="alert"
      style={{ minHeight: 360, padding: 32 }}
    >
      <Icon style={{ fontSize: 64, color: kind === 'chunk' ? token.colorWarning : token.colorError }} />
      <div style={{ fontSize: token.fontSizeHeading3, fontWeight: 600, color: token.colorText }}>
        {t(kind === 'chunk' ? 'errors.chunkTitle' : 'errors.renderTitle')}
      </div>
      <div style={{ color: token.colorTextSecondary, textAlign: 'center', maxWidth: 420 }}>
        {t(kind === 'chunk' ? 'errors.chunkDescription' : 'errors.renderDescription')}
      </div>
      <Button
        type="primary"
        icon={<ReloadOutlined />}
        onClick={() => window.location.reload()}
        style={{ marginTop: 12 }}
      >
        {t('errors.reload')}
      </Button>
    </Flex>
  );
};
