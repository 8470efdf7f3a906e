import { ClearOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Radio, Switch, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../common/components/PageContainer';
import { appInfo } from '../config/appInfo';
import { LANGUAGE_NAMES } from '../layout/LanguageSwitch';
import type { Locale } from '../providers/i18n-provider';
import { clearBrowserCache } from '../store/clearBrowserCache';
import { ApiTokensCard } from './components/ApiTokensCard';
import { useLocale } from '../store/useLocale';
import { useThemeMode } from '../store/useThemeMode';

const Row = ({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) => (
  <Flex align="center" justify="space-between" gap={24} wrap style={{ padding: '14px 0' }}>
    <Flex vertical style={{ minWidth: 200, flex: 1 }}>
      <Typography.Text strong>{label}</Typography.Text>
      {hint && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {hint}
        </Typography.Text>
      )}
    </Flex>
    {children}
  </Flex>
);

/** /setting: version, language, theme, the user's API tokens and 清除浏览器缓存. */
export const SettingPage = () => {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { locale, setLocale } = useLocale();
  const [mode, setMode] = useThemeMode();

  const confirmClear = () =>
    modal.confirm({
      title: t('setting.clearConfirm'),
      content: t('setting.cacheHint'),
      okText: t('setting.clearOk'),
      cancelText: t('setting.cancel'),
      okButtonProps: { danger: true },
      onOk: () => {
        clearBrowserCache();
        window.location.reload();
      },
    });

  return (
    <PageContainer title={t('setting.title')} breadcrumb={[{ title: t('menu.system') }]}>
      <Card title={t('setting.general')} style={{ marginBottom: 24 }}>
        <Row label={t('setting.version')}>
          <Tag color="blue">
            {appInfo.name} v{appInfo.version}
          </Tag>
        </Row>
        <Row label={t('setting.language')}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            value={locale}
            options={(Object.keys(LANGUAGE_NAMES) as Locale[]).map((key) => ({
              value: key,
              label: LANGUAGE_NAMES[key],
            }))}
            onChange={(event) => void setLocale(event.target.value as Locale)}
          />
        </Row>
        <Row label={t('setting.theme')} hint={t('setting.themeHint')}>
          <Switch
            aria-label={t('setting.theme')}
            checked={mode === 'dark'}
            onChange={(dark) => setMode(dark ? 'dark' : 'light')}
          />
        </Row>
      </Card>
      <ApiTokensCard />
      <Card title={t('setting.cache')}>
        <Row label={t('setting.clearCache')} hint={t('setting.cacheHint')}>
          <Button danger icon={<ClearOutlined />} onClick={confirmClear}>
            {t('setting.clearCache')}
          </Button>
        </Row>
      </Card>
    </PageContainer>
  );
};
