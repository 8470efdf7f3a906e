import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Divider, Flex, Layout, Space, theme, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../common/components/BrandMark';
import { useAppConfig } from '../store/useAppConfig';
import { DataSourceSelect } from './DataSourceSelect';
import { LanguageSwitch } from './LanguageSwitch';
import { ThemeSwitch } from './ThemeSwitch';
import { UserMenu } from './UserMenu';

export interface AppHeaderProps {
  collapsed: boolean;
  onToggle: () => void;
  /**
   * Phones and tablets held upright: the button opens the drawer menu, the app's mark and name
   * share the line with the language switch and the user menu (its name hidden); the data source
   * and theme switches are in the drawer.
   */
  compact?: boolean;
}

const CompactHeader = ({ onToggle }: Pick<AppHeaderProps, 'onToggle'>) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { appName } = useAppConfig();
  return (
    <Layout.Header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 10,
        paddingInline: token.paddingXS,
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Flex align="center" justify="space-between" gap={token.marginXS} style={{ height: '100%' }}>
        <Flex align="center" gap={token.marginXS} style={{ minWidth: 0 }}>
          <Button
            type="text"
            aria-label={t('header.openMenu')}
            icon={<MenuOutlined />}
            onClick={onToggle}
            style={{ flex: 'none' }}
          />
          <BrandMark size={26} />
          <Typography.Text strong ellipsis style={{ fontSize: 16, whiteSpace: 'nowrap' }} title={appName}>
            {appName}
          </Typography.Text>
        </Flex>
        <Flex align="center" gap={token.marginXXS} style={{ flex: 'none' }}>
          <LanguageSwitch />
          <UserMenu compact />
        </Flex>
      </Flex>
    </Layout.Header>
  );
};

const WideHeader = ({ collapsed, onToggle }: AppHeaderProps) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { appName } = useAppConfig();
  const toggleLabel = t(collapsed ? 'header.expand' : 'header.collapse');
  return (
    <Layout.Header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 10,
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Flex align="center" justify="space-between" style={{ height: '100%' }}>
        <Space size={8} align="center">
          <Tooltip title={toggleLabel}>
            <Button
              type="text"
              aria-label={toggleLabel}
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={onToggle}
            />
          </Tooltip>
          {collapsed && (
            <Typography.Text strong style={{ fontSize: 16 }}>
              {appName}
            </Typography.Text>
          )}
        </Space>
        <Space size={4} align="center" split={<Divider type="vertical" />}>
          <DataSourceSelect />
          <LanguageSwitch />
          <ThemeSwitch />
          <UserMenu />
        </Space>
      </Flex>
    </Layout.Header>
  );
};

/** Top bar: menu toggle (and the app name while the side menu is folded), data source, language, theme, user menu. */
export const AppHeader = ({ collapsed, onToggle, compact = false }: AppHeaderProps) => {
  if (compact) return <CompactHeader onToggle={onToggle} />;
  return <WideHeader collapsed={collapsed} onToggle={onToggle} />;
};
