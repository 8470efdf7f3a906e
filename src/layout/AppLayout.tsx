import { Flex, Layout, theme, Typography } from 'antd';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Outlet, useLocation } from 'react-router';
import { BrandMark } from '../common/components/BrandMark';
import { ChunkErrorBoundary } from '../errors/ChunkErrorBoundary';
import { PREFERENCE_KEYS, readPreference, writePreference } from '../store/preferences';
import { useAppConfig } from '../store/useAppConfig';
import { rememberDataSource, useCurrentDataSource } from '../store/useCurrentDataSource';
import { AppHeader } from './AppHeader';
import { SideMenu } from './SideMenu';
import { isSiderCollapsed, NARROW_QUERY } from './sider-collapse';

const SIDER_WIDTH = 232;

const narrowMedia = () => window.matchMedia(NARROW_QUERY);
const subscribeNarrow = (onChange: () => void) => {
  const media = narrowMedia();
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
};
/** Whether the window is narrower than 1280 px; follows resizes. */
const useNarrowWindow = () => useSyncExternalStore(subscribeNarrow, () => narrowMedia().matches);

const choiceKey = (narrow: boolean) =>
  narrow ? PREFERENCE_KEYS.siderCollapsedNarrow : PREFERENCE_KEYS.siderCollapsed;

/** The signed-in frame: collapsible side menu (folded below 1280 px), header, and the routed page. */
export const AppLayout = () => {
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  const { appName } = useAppConfig();
  const { dataSource, fromRoute, remembered } = useCurrentDataSource();
  const narrow = useNarrowWindow();
  // Bumped on a toggle, so that the stored choices are read again.
  const [, setToggles] = useState(0);
  const collapsed = isSiderCollapsed(
    narrow,
    readPreference(PREFERENCE_KEYS.siderCollapsed),
    readPreference(PREFERENCE_KEYS.siderCollapsedNarrow),
  );

  useEffect(() => {
    if (fromRoute && fromRoute !== remembered) rememberDataSource(fromRoute);
  }, [fromRoute, remembered]);

  // The choice is remembered for the window's size: folding a wide window's menu does not open a
  // narrow window's, and opening it in a narrow window does not fold it in a wide one.
  const toggle = () => {
    writePreference(choiceKey(narrow), collapsed ? '0' : '1');
    setToggles((count) => count + 1);
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
        <SideMenu dataSource={dataSource} collapsed={collapsed} />
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
