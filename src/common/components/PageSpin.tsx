import { ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Spin, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** After this long a spinner says that the load is slow and offers a reload. */
export const SLOW_LOAD_MS = 5000;

/**
 * Centred spinner while a page or the session check loads. A load still going after
 * `SLOW_LOAD_MS` says so and offers a reload, so that a page is never a silent spinner.
 */
export const PageSpin = ({ fullScreen = false }: { fullScreen?: boolean }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_LOAD_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Flex
      vertical
      gap={token.margin}
      align="center"
      justify="center"
      style={{ minHeight: fullScreen ? '100vh' : 320, width: '100%' }}
    >
      <Spin size="large" />
      {slow && (
        <Flex vertical align="center" gap={token.marginSM} role="status">
          <span style={{ color: token.colorTextSecondary }}>{t('errors.slowLoad')}</span>
          <Button icon={<ReloadOutlined />} onClick={() => window.location.reload()}>
            {t('errors.reload')}
          </Button>
        </Flex>
      )}
    </Flex>
  );
};
