import {
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BranchesOutlined,
  ClusterOutlined,
  ConsoleSqlOutlined,
  DeploymentUnitOutlined,
  FieldNumberOutlined,
  FieldTimeOutlined,
  HomeOutlined,
  InfoCircleOutlined,
  PlusOutlined,
  SettingOutlined,
  ShareAltOutlined,
  SlidersOutlined,
  TableOutlined,
} from '@ant-design/icons';
import { usePermissions } from '@refinedev/core';
import { Menu, Skeleton, Typography, type MenuProps } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { MENU_CODES, type MenuCode } from '../../contract';
import zhCN from '../locales/zh-CN.json';
import { activeMenuKey, appPaths, buildMenuGroups, type MenuEntry } from '../common/lib/menu';
import type { PermissionInfo } from '../store/session';
import { extensionRegistry } from '../extensions/registry';
import { useExtensionMenu } from '../extensions/useExtensionMenu';
import type { ExtensionMenuEntry } from '../extensions/extension-menu';
import { useSqlAccess } from '../sql/hooks/useSqlAccess';
import { useAuditAccess } from '../audit/hooks/useAuditAccess';
import { useWebhookAccess } from '../auth/hooks/useWebhookAccess';
import { useScheduleAccess } from '../auth/hooks/useScheduleAccess';
import { useFlowAccess } from '../auth/hooks/useFlowAccess';
import { useCaptionLanguage } from '../common/hooks/useCaption';
import { useUserTables } from '../resources/useUserTables';
import { useAppConfig } from '../store/useAppConfig';
import { useUserMenu } from '../store/useUserMenu';
import { useMayDesignTables } from '../common/hooks/useMayDesignTables';

const ENTRY_ICONS: Record<MenuEntry['icon'], ReactNode> = {
  home: <HomeOutlined />,
  table: <TableOutlined />,
  sequence: <FieldNumberOutlined />,
  relation: <ShareAltOutlined />,
  sql: <ConsoleSqlOutlined />,
  setting: <SlidersOutlined />,
  about: <InfoCircleOutlined />,
  audit: <AuditOutlined />,
  webhook: <ApiOutlined />,
  schedule: <FieldTimeOutlined />,
  flow: <BranchesOutlined />,
  add: <PlusOutlined />,
  none: null,
};

const GROUP_ICONS: Record<MenuCode, ReactNode> = {
  business: <AppstoreOutlined />,
  systemBusiness: <ClusterOutlined />,
  metadata: <DeploymentUnitOutlined />,
  system: <SettingOutlined />,
};

type Item = Required<MenuProps>['items'][number];

/** The default label of 业务数据, which the server seeds as `businessName`. */
const DEFAULT_BUSINESS_NAME = zhCN.menu.business;

export interface SideMenuProps {
  dataSource: string;
  collapsed?: boolean;
  /** Called when an entry is chosen (the drawer menu closes then, also on its own page's entry). */
  onNavigate?: () => void;
}

/** Side menu: 首页, then 业务数据 / 内置数据 / 元数据 / 系统 as the user's menu codes allow. */
export const SideMenu = ({ dataSource, collapsed = false, onNavigate }: SideMenuProps) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { businessName } = useAppConfig();
  const { data: permission } = usePermissions<PermissionInfo | null>({});
  const isSuperAdmin = permission?.isSuperAdmin ?? false;
  const menu = useUserMenu();
  const { tables } = useUserTables(dataSource);
  const canExecuteSql = useSqlAccess() ?? false;
  const extensionEntries = useExtensionMenu(dataSource);
  const language = useCaptionLanguage();
  const canCreateTables = useMayDesignTables('create');
  const canListTables = useMayDesignTables('list');
  const canReadAudit = useAuditAccess() ?? false;
  const canManageWebhooks = useWebhookAccess() ?? false;
  const canManageSchedules = useScheduleAccess() ?? false;
  const canManageFlows = useFlowAccess() ?? false;

  // a businessName that is just the default label is not a custom name: keep it translated
  const customName = businessName && businessName !== DEFAULT_BUSINESS_NAME ? businessName : undefined;
  const groups = useMemo(
    () =>
      buildMenuGroups({
        codes: menu.codes,
        isSuperAdmin,
        tables,
        dataSource,
        businessName: customName,
        canExecuteSql,
        canCreateTables,
        canListTables,
        canReadAudit,
        canManageWebhooks,
        canManageSchedules,
        canManageFlows,
        language,
      }),
    [
      menu.codes,
      isSuperAdmin,
      tables,
      dataSource,
      customName,
      canExecuteSql,
      canCreateTables,
      canListTables,
      canReadAudit,
      canManageWebhooks,
      canManageSchedules,
      canManageFlows,
      language,
    ],
  );

  const home = appPaths(dataSource).home;
  // extension resources: at the top level, in a built-in group, or in a group an extension adds
  const extensionItem = (entry: ExtensionMenuEntry): Item => ({
    key: entry.path,
    icon: entry.icon,
    label: <Link to={entry.path}>{t(entry.labelKey)}</Link>,
    title: t(entry.labelKey),
  });
  const extensionsIn = (parent?: string) =>
    extensionEntries.filter((entry) => entry.parent === parent).map(extensionItem);
  const extensionGroups = extensionRegistry.menuGroups
    .filter((group) => extensionEntries.some((entry) => entry.parent === group.key))
    .toSorted((a, b) => (a.order ?? 100) - (b.order ?? 100))
    .map((group): Item => ({
      key: `group:${group.key}`,
      icon: group.icon,
      label: t(group.labelKey),
      children: extensionsIn(group.key),
    }));
  const items: Item[] = [
    { key: home, icon: ENTRY_ICONS.home, label: <Link to={home}>{t('menu.home')}</Link> },
    ...extensionsIn(undefined),
    ...groups.map((group): Item => ({
      key: `group:${group.code}`,
      icon: GROUP_ICONS[group.code],
      label: group.label ?? t(group.labelKey),
      children: [
        ...group.items.map((entry): Item => {
          const text = entry.label ?? t(entry.labelKey ?? '');
          if (entry.empty || !entry.path) {
            return {
              key: entry.key,
              disabled: true,
              label: (
                <Typography.Text type="secondary" italic>
                  {text}
                </Typography.Text>
              ),
            };
          }
          return {
            key: entry.key,
            icon: ENTRY_ICONS[entry.icon],
            label: <Link to={entry.path}>{text}</Link>,
            title: text,
          };
        }),
        ...extensionsIn(group.code),
      ],
    })),
    ...extensionGroups,
  ];

  // an entry's key is its path, but for one path listed twice (the webhook, schedule or flow table
  // under 内置数据 and 系统): both entries are selected on its pages
  const links = [
    ...groups.flatMap((g) => g.items.flatMap((e) => (e.path ? [{ key: e.key, path: e.path }] : []))),
    ...extensionEntries.map((entry) => ({ key: entry.path, path: entry.path })),
  ];
  const atHome = pathname === '/' || pathname.replace(/\/+$/, '') === home;
  const selectedPath = atHome
    ? undefined
    : activeMenuKey(
        pathname,
        links.map((link) => link.path),
      );
  const selected = atHome
    ? [home]
    : links.filter((link) => link.path === selectedPath).map((link) => link.key);

  if (menu.isLoading && !isSuperAdmin) {
    return <Skeleton active paragraph={{ rows: 6 }} title={false} style={{ padding: 16 }} />;
  }

  return (
    <nav aria-label={t('menu.navigation')}>
      {/* A folded menu starts with no group open (an open group of a folded menu pops out over the
          page); unfolding it opens every group again. */}
      <Menu
        key={collapsed ? 'folded' : 'open'}
        mode="inline"
        selectedKeys={selected}
        defaultOpenKeys={
          collapsed
            ? []
            : [
                // every group, also one that appears once the user's tables are in
                ...MENU_CODES.map((code) => `group:${code}`),
                ...extensionRegistry.menuGroups.map((g) => `group:${g.key}`),
              ]
        }
        items={items}
        onClick={onNavigate}
        style={{ borderInlineEnd: 'none' }}
      />
    </nav>
  );
};
