import type { CaptionLanguage, MenuCode, Table } from '../../../contract';
import { captionIn, MENU_CODES } from '../../../contract';
import { PRIMARY_DATA_SOURCE } from './data-source';

export interface MenuEntry {
  /** Unique key; the route path for links. */
  key: string;
  path?: string;
  /** i18n key of the label, or a literal label (a table caption). */
  labelKey?: string;
  label?: string;
  /** Which icon the side menu shows. */
  icon:
    | 'home'
    | 'table'
    | 'sequence'
    | 'relation'
    | 'sql'
    | 'setting'
    | 'about'
    | 'audit'
    | 'webhook'
    | 'schedule'
    | 'flow'
    | 'add'
    | 'none';
  /** A muted placeholder, not a link. */
  empty?: boolean;
  /** A call to action rather than a screen of its own (create the first table). */
  action?: boolean;
}

export interface MenuGroup {
  code: MenuCode;
  labelKey: string;
  /** Overrides the label (config `businessName` for 业务数据). */
  label?: string;
  items: MenuEntry[];
}

export interface MenuInput {
  /** Codes from `GET /api/users/me/menu`. */
  codes: readonly string[];
  isSuperAdmin: boolean;
  tables: readonly Table[];
  dataSource: string;
  businessName?: string;
  /** Whether the user may run SQL (`sql:execute`); the SQL entry is hidden otherwise. Default: super admin only. */
  canExecuteSql?: boolean;
  /** Whether the user may create tables (`metadata:write`): an empty 业务数据 then offers to. Default: super admin only. */
  canCreateTables?: boolean;
  /** Whether the user may open 表 (table management, `metadata:read`). Default: super admin only. */
  canListTables?: boolean;
  /** Whether the user may read the audit log (`audit:read`). Default: super admin only. */
  canReadAudit?: boolean;
  /**
   * Whether the user may manage webhooks (`webhook:manage`): 系统 then lists Webhook, and shows
   * even when the user's menu codes leave it out. Default: super admin only.
   */
  canManageWebhooks?: boolean;
  /**
   * Whether the user may manage schedules (`schedule:manage`): 系统 then lists 定时任务, and shows
   * even when the user's menu codes leave it out. Default: super admin only.
   */
  canManageSchedules?: boolean;
  /**
   * Whether the user may manage flows (`flow:manage`): 系统 then lists 流程, and shows even when
   * the user's menu codes leave it out. Default: super admin only.
   */
  canManageFlows?: boolean;
  /** The UI language the table captions are shown in (`captionIn`). Default: zh-CN. */
  language?: CaptionLanguage;
}

/** The system table of the webhooks, listed by the generic business pages. */
export const WEBHOOK_TABLE = 'webhook';

/**
 * The key of 系统's Webhook entry: the webhook table may also be listed under 内置数据 with its
 * path as key, and two entries of one menu need keys of their own.
 */
export const WEBHOOKS_MENU_KEY = 'system:webhooks';

/** The system table of the schedules, listed by the generic business pages. */
export const SCHEDULE_TABLE = 'schedule';

/** The key of 系统's 定时任务 entry (the schedule table may also be listed under 内置数据). */
export const SCHEDULES_MENU_KEY = 'system:schedules';

/** The system table of the flows, listed by the generic business pages. */
export const FLOW_TABLE = 'flow';

/** The key of 系统's 流程 entry (the flow table may also be listed under 内置数据). */
export const FLOWS_MENU_KEY = 'system:flows';

/** Paths of the app's own screens (docs/product.md §2), for one data source. */
export const appPaths = (dataSource: string) => {
  const ds = `/dataSource/${encodeURIComponent(dataSource)}`;
  return {
    home: ds,
    tables: `${ds}/metadata/tables`,
    newTable: `${ds}/metadata/tables/new`,
    sequences: `${ds}/metadata/sequences`,
    relations: `${ds}/metadata/relations`,
    sqls: `${ds}/metadata/sqls/new`,
    business: (table: string) => `${ds}/business/${encodeURIComponent(table)}`,
    businessImport: `${ds}/business/import`,
    setting: '/setting',
    about: '/about',
    audit: '/audit',
    /** The webhooks are kept in `primary`, whichever data source is chosen. */
    webhooks: `/dataSource/${PRIMARY_DATA_SOURCE}/business/${WEBHOOK_TABLE}`,
    /** So are the schedules. */
    schedules: `/dataSource/${PRIMARY_DATA_SOURCE}/business/${SCHEDULE_TABLE}`,
    /** And the flows. */
    flows: `/dataSource/${PRIMARY_DATA_SOURCE}/business/${FLOW_TABLE}`,
  };
};

/** Menu codes the user sees: super admin sees all. */
export const visibleMenuCodes = (codes: readonly string[], isSuperAdmin: boolean): MenuCode[] =>
  MENU_CODES.filter((code) => isSuperAdmin || codes.includes(code));

const tableEntries = (
  tables: readonly Table[],
  code: MenuCode,
  dataSource: string,
  language: CaptionLanguage,
  firstTable?: string,
): MenuEntry[] => {
  const paths = appPaths(dataSource);
  const entries: MenuEntry[] = tables.map((table) => ({
    key: paths.business(table.name),
    path: paths.business(table.name),
    label: captionIn(table, language),
    icon: 'table',
  }));
  if (entries.length > 0) return entries;
  // No table yet: who may create one is offered to, the others see that there is none.
  return firstTable
    ? [{ key: firstTable, path: firstTable, labelKey: 'menu.createFirstTable', icon: 'add', action: true }]
    : [{ key: `${code}:empty`, labelKey: 'menu.noTables', icon: 'none', empty: true }];
};

/** The side menu's groups (业务数据 / 内置数据 / 元数据 / 系统), filtered by the user's menu codes. */
export const buildMenuGroups = ({
  codes,
  isSuperAdmin,
  tables,
  dataSource,
  businessName,
  canExecuteSql = isSuperAdmin,
  canCreateTables = isSuperAdmin,
  canListTables = isSuperAdmin,
  canReadAudit = isSuperAdmin,
  canManageWebhooks = isSuperAdmin,
  canManageSchedules = isSuperAdmin,
  canManageFlows = isSuperAdmin,
  language = 'zh-CN',
}: MenuInput): MenuGroup[] => {
  const paths = appPaths(dataSource);
  const all: Record<MenuCode, MenuGroup> = {
    business: {
      code: 'business',
      labelKey: 'menu.business',
      ...(businessName ? { label: businessName } : {}),
      items: tableEntries(
        tables.filter((t) => !t.systemable),
        'business',
        dataSource,
        language,
        canCreateTables ? paths.newTable : undefined,
      ),
    },
    systemBusiness: {
      code: 'systemBusiness',
      labelKey: 'menu.systemBusiness',
      items: tableEntries(
        tables.filter((t) => t.systemable),
        'systemBusiness',
        dataSource,
        language,
      ),
    },
    metadata: {
      code: 'metadata',
      labelKey: 'menu.metadata',
      items: [
        ...(canListTables
          ? [
              {
                key: paths.tables,
                path: paths.tables,
                labelKey: 'menu.tables',
                icon: 'table',
              } satisfies MenuEntry,
            ]
          : []),
        { key: paths.sequences, path: paths.sequences, labelKey: 'menu.sequences', icon: 'sequence' },
        { key: paths.relations, path: paths.relations, labelKey: 'menu.relations', icon: 'relation' },
        ...(canExecuteSql
          ? [{ key: paths.sqls, path: paths.sqls, labelKey: 'menu.sqls', icon: 'sql' } satisfies MenuEntry]
          : []),
      ],
    },
    system: {
      code: 'system',
      labelKey: 'menu.system',
      // Holders of audit:read, webhook:manage, schedule:manage or flow:manage who are not the super
      // admin see the audit log, the webhooks, the schedules and the flows only.
      items: [
        ...(canReadAudit
          ? [
              {
                key: paths.audit,
                path: paths.audit,
                labelKey: 'menu.audit',
                icon: 'audit',
              } satisfies MenuEntry,
            ]
          : []),
        ...(canManageWebhooks
          ? [
              {
                key: WEBHOOKS_MENU_KEY,
                path: paths.webhooks,
                labelKey: 'menu.webhooks',
                icon: 'webhook',
              } satisfies MenuEntry,
            ]
          : []),
        ...(canManageSchedules
          ? [
              {
                key: SCHEDULES_MENU_KEY,
                path: paths.schedules,
                labelKey: 'menu.schedules',
                icon: 'schedule',
              } satisfies MenuEntry,
            ]
          : []),
        ...(canManageFlows
          ? [
              {
                key: FLOWS_MENU_KEY,
                path: paths.flows,
                labelKey: 'menu.flows',
                icon: 'flow',
              } satisfies MenuEntry,
            ]
          : []),
        ...(isSuperAdmin
          ? ([
              { key: paths.setting, path: paths.setting, labelKey: 'menu.setting', icon: 'setting' },
              { key: paths.about, path: paths.about, labelKey: 'menu.about', icon: 'about' },
            ] satisfies MenuEntry[])
          : []),
      ],
    },
  };
  // 内置数据 lists the built-in tables the user may read, and offers nothing else: with none (another
  // data source has none at all, and a user may read none of primary's) the group would only say so.
  const noBuiltIns = !tables.some((table) => table.systemable);
  // 系统 shows for whoever may manage webhooks, schedules or flows, whether or not the menu codes name it
  const managesSystem = canManageWebhooks || canManageSchedules || canManageFlows;
  const visible = visibleMenuCodes(
    managesSystem && !codes.includes('system') ? [...codes, 'system'] : codes,
    isSuperAdmin,
  );
  return visible.filter((code) => !(code === 'systemBusiness' && noBuiltIns)).map((code) => all[code]);
};

/** The menu key to highlight: the longest link path the current path starts with (by whole segments). */
export const activeMenuKey = (pathname: string, keys: readonly string[]): string | undefined => {
  const path = pathname.replace(/\/+$/, '') || '/';
  let best: string | undefined;
  for (const key of keys) {
    const covers = path === key || path.startsWith(`${key}/`);
    if (covers && (!best || key.length > best.length)) best = key;
  }
  return best;
};
