import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Divider, Flex, Layout, Space, theme, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../store/useAppConfig';
import { DataSourceSelect } from './DataSourceSelect';
import { LanguageSwitch } from './LanguageSwitch';
import { ThemeSwitch } from './ThemeSwitch';
import { UserMenu } from './UserMenu';

export interface AppHeaderProps {
  collapsed: boolean;
  onToggle: () => void;
}

/** Top bar: menu toggle (and the app name while the side menu is folded), data source, language, theme, user menu. */
export const AppHeader = ({ collapsed, onToggle }: AppHeaderProps) => {
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
