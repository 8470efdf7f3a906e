import { Drawer, Flex, Layout, theme, Typography } from 'antd';
import { usePrincipalRefresh } from '../auth/hooks/usePrincipalRefresh';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { BrandMark } from '../common/components/BrandMark';
import { useScreenLayout } from '../common/hooks/useScreenLayout';
import { ChunkErrorBoundary } from '../errors/ChunkErrorBoundary';
import { PREFERENCE_KEYS, readPreference, writePreference } from '../store/preferences';
import { useAppConfig } from '../store/useAppConfig';
import { rememberDataSource, useCurrentDataSource } from '../store/useCurrentDataSource';
import { AppHeader } from './AppHeader';
import { DataSourceSelect } from './DataSourceSelect';
import { SideMenu } from './SideMenu';
import { isSiderCollapsed, NARROW_QUERY } from './sider-collapse';
import { ThemeSwitch } from './ThemeSwitch';

const SIDER_WIDTH = 232;
/** The drawer menu's width: the side menu's, less on a phone narrower than it and a margin to tap. */
const DRAWER_WIDTH = `min(${SIDER_WIDTH + 48}px, calc(100vw - 56px))`;

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

/** The app's mark and name, one line (a long name is cut short with …). */
const Brand = ({ appName, size }: { appName: string; size: number }) => (
  <Flex align="center" gap={10} style={{ minWidth: 0 }}>
    <BrandMark size={size} />
    <Typography.Text strong ellipsis style={{ fontSize: 17, whiteSpace: 'nowrap' }} title={appName}>
      {appName}
    </Typography.Text>
  </Flex>
);

/**
 * The signed-in frame: collapsible side menu (folded below 1280 px), header, and the routed page.
 * Below lg (phones, tablets held upright) the menu is a drawer opened from the header, with the
 * data source and theme switches under it.
 */
export const AppLayout = () => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { drawerMenu, phone } = useScreenLayout();
  const { pathname } = useLocation();
  // The page the drawer menu was opened on: going to another page closes it.
  const [drawerOpenAt, setDrawerOpenAt] = useState<string | null>(null);
  const drawerOpen = drawerOpenAt === pathname;
  const setDrawerOpen = (open: boolean) => setDrawerOpenAt(open ? pathname : null);
  const { appName } = useAppConfig();
  // a permission change reaches this open session within a minute, or when the window is focused
  usePrincipalRefresh();
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

  const content = (
    <Layout.Content style={{ padding: phone ? token.paddingSM : token.paddingLG }}>
      <ChunkErrorBoundary resetKey={pathname}>
        <Outlet />
      </ChunkErrorBoundary>
    </Layout.Content>
  );

  // The menu: a drawer below lg, else the side menu. Either way the page sits at the same place in
  // the tree, so a window crossing lg (or the breakpoints arriving after the first render) never
  // mounts the page afresh and loses what the user typed.
  const menu = drawerMenu ? (
    <Drawer
      open={drawerOpen}
      placement="left"
      width={DRAWER_WIDTH}
      title={<Brand appName={appName} size={26} />}
      closable={{ 'aria-label': t('header.closeMenu') }}
      onClose={() => setDrawerOpen(false)}
      styles={{ header: { paddingInline: token.padding }, body: { padding: 0 } }}
      footer={
        <Flex align="center" justify="space-between" gap={token.marginSM} wrap>
          <DataSourceSelect />
          <ThemeSwitch />
        </Flex>
      }
    >
      <SideMenu dataSource={dataSource} onNavigate={() => setDrawerOpen(false)} />
    </Drawer>
  ) : (
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
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {menu}
      <Layout>
        {drawerMenu ? (
          <AppHeader compact collapsed={!drawerOpen} onToggle={() => setDrawerOpen(true)} />
        ) : (
          <AppHeader collapsed={collapsed} onToggle={toggle} />
        )}
        {content}
      </Layout>
    </Layout>
  );
};
