import { Flex, Layout, theme, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { BrandMark } from '../common/components/BrandMark';
import { ChunkErrorBoundary } from '../errors/ChunkErrorBoundary';
import { PREFERENCE_KEYS, readPreference, writePreference } from '../store/preferences';
import { useAppConfig } from '../store/useAppConfig';
import { rememberDataSource, useCurrentDataSource } from '../store/useCurrentDataSource';
import { AppHeader } from './AppHeader';
import { SideMenu } from './SideMenu';

const SIDER_WIDTH = 232;

/** The signed-in frame: collapsible side menu, header, and the routed page. */
export const AppLayout = () => {
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  const { appName } = useAppConfig();
  const { dataSource, fromRoute, remembered } = useCurrentDataSource();
  const [collapsed, setCollapsed] = useState(() => readPreference(PREFERENCE_KEYS.siderCollapsed) === '1');

  useEffect(() => {
    if (fromRoute && fromRoute !== remembered) rememberDataSource(fromRoute);
  }, [fromRoute, remembered]);

  const toggle = () => {
    setCollapsed((value) => {
      writePreference(PREFERENCE_KEYS.siderCollapsed, value ? '0' : '1');
      return !value;
    });
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        width={SIDER_WIDTH}
        collapsedWidth={64}
        collapsed={collapsed}
        trigger={null}
        theme="light"
        style={{
          position: 'sticky',
          top: 0,
          height: '100vh',
          overflow: 'auto',
          borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <Flex
          align="center"
          gap={10}
          style={{
            height: 56,
            paddingInline: collapsed ? 16 : 20,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <BrandMark size={30} />
          {!collapsed && (
            <Typography.Text strong ellipsis style={{ fontSize: 17 }} title={appName}>
              {appName}
            </Typography.Text>
          )}
        </Flex>
        <SideMenu dataSource={dataSource} />
      </Layout.Sider>
      <Layout>
        <AppHeader collapsed={collapsed} onToggle={toggle} />
        <Layout.Content style={{ padding: token.paddingLG }}>
          <ChunkErrorBoundary resetKey={pathname}>
            <Outlet />
          </ChunkErrorBoundary>
        </Layout.Content>
      </Layout>
    </Layout>
  );
};
