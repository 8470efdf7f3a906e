import { describe, expect, it } from 'vitest';
import type { Table } from '../../../contract';
import { activeMenuKey, buildMenuGroups, visibleMenuCodes } from '../../../src/common/lib/menu';

const table = (name: string, caption: string, systemable = false): Table => ({
  name,
  caption,
  systemable,
  columns: [],
});

describe('menu groups', () => {
  it('shows every group to the super admin, in order', () => {
    expect(visibleMenuCodes([], true)).toEqual(['business', 'systemBusiness', 'metadata', 'system']);
  });

  it('filters groups by menu codes for other users', () => {
    expect(visibleMenuCodes(['system', 'business'], false)).toEqual(['business', 'system']);
    expect(visibleMenuCodes([], false)).toEqual([]);
  });

  it('lists business and built-in tables apart, with links under the data source', () => {
    const groups = buildMenuGroups({
      codes: [],
      isSuperAdmin: true,
      tables: [table('product', '产品'), table('user', '用户', true)],
      dataSource: 'pg',
      businessName: '商城数据',
    });
    const [business, systemBusiness, metadata, system] = groups;
    expect(business?.label).toBe('商城数据');
    expect(business?.items).toEqual([
      {
        key: '/dataSource/pg/business/product',
        path: '/dataSource/pg/business/product',
        label: '产品',
        icon: 'table',
      },
    ]);
    expect(systemBusiness?.items.map((i) => i.label)).toEqual(['用户']);
    expect(metadata?.items.map((i) => i.path)).toEqual([
      '/dataSource/pg/metadata/tables',
      '/dataSource/pg/metadata/sequences',
      '/dataSource/pg/metadata/relations',
      '/dataSource/pg/metadata/sqls/new',
    ]);
    expect(system?.items.map((i) => i.labelKey)).toEqual([
      'menu.audit',
      'menu.webhooks',
      'menu.schedules',
      'menu.flows',
      'menu.setting',
      'menu.about',
    ]);
    expect(system?.items[0]).toEqual({
      key: '/audit',
      path: '/audit',
      labelKey: 'menu.audit',
      icon: 'audit',
    });
  });

  it('shows a holder of audit:read who is not the super admin the audit log alone under 系统', () => {
    const [system] = buildMenuGroups({
      codes: ['system'],
      isSuperAdmin: false,
      tables: [],
      dataSource: 'primary',
      canReadAudit: true,
    });
    expect(system?.items.map((i) => i.labelKey)).toEqual(['menu.audit']);
    const [without] = buildMenuGroups({
      codes: ['system'],
      isSuperAdmin: false,
      tables: [],
      dataSource: 'primary',
    });
    expect(without?.items).toEqual([]);
  });

  it('lists Webhook under 系统 for the super admin, on the webhook table of primary from any data source', () => {
    const system = buildMenuGroups({ codes: [], isSuperAdmin: true, tables: [], dataSource: 'pg' }).find(
      (g) => g.code === 'system',
    );
    expect(system?.items.find((i) => i.labelKey === 'menu.webhooks')).toEqual({
      key: 'system:webhooks',
      path: '/dataSource/primary/business/webhook',
      labelKey: 'menu.webhooks',
      icon: 'webhook',
    });
  });

  it('shows a holder of webhook:manage 系统 with Webhook in it, even when the menu codes leave 系统 out', () => {
    const groups = buildMenuGroups({
      codes: ['business', 'systemBusiness'],
      isSuperAdmin: false,
      tables: [table('webhook', 'Webhook', true)],
      dataSource: 'primary',
      canManageWebhooks: true,
    });
    expect(groups.map((g) => g.code)).toEqual(['business', 'systemBusiness', 'system']);
    expect(groups.find((g) => g.code === 'system')?.items.map((i) => i.labelKey)).toEqual(['menu.webhooks']);
    // with audit:read as well: the audit log first, then the webhooks; the super admin's screens stay hidden
    const [system] = buildMenuGroups({
      codes: ['system'],
      isSuperAdmin: false,
      tables: [],
      dataSource: 'primary',
      canReadAudit: true,
      canManageWebhooks: true,
    });
    expect(system?.items.map((i) => i.labelKey)).toEqual(['menu.audit', 'menu.webhooks']);
  });

  it('offers no Webhook entry to a clerk without webhook:manage, even one who may read every table', () => {
    const groups = buildMenuGroups({
      codes: ['business', 'systemBusiness', 'system'],
      isSuperAdmin: false,
      tables: [table('webhook', 'Webhook', true)],
      dataSource: 'primary',
      canReadAudit: true,
      canManageWebhooks: false,
    });
    expect(groups.find((g) => g.code === 'system')?.items.map((i) => i.labelKey)).toEqual(['menu.audit']);
    // the webhook table stays where the clerk's reading right puts it, under 内置数据
    expect(groups.find((g) => g.code === 'systemBusiness')?.items.map((i) => i.label)).toEqual(['Webhook']);
    expect(
      buildMenuGroups({ codes: ['business'], isSuperAdmin: false, tables: [], dataSource: 'primary' }).map(
        (g) => g.code,
      ),
    ).toEqual(['business']);
  });

  it('lists 定时任务 under 系统 after Webhook for the super admin, on the schedule table of primary', () => {
    const system = buildMenuGroups({ codes: [], isSuperAdmin: true, tables: [], dataSource: 'pg' }).find(
      (g) => g.code === 'system',
    );
    const labels = system?.items.map((i) => i.labelKey) ?? [];
    expect(labels.indexOf('menu.schedules')).toBe(labels.indexOf('menu.webhooks') + 1);
    expect(system?.items.find((i) => i.labelKey === 'menu.schedules')).toEqual({
      key: 'system:schedules',
      path: '/dataSource/primary/business/schedule',
      labelKey: 'menu.schedules',
      icon: 'schedule',
    });
  });

  it('shows a holder of schedule:manage 系统 with 定时任务 in it, even when the menu codes leave 系统 out', () => {
    const groups = buildMenuGroups({
      codes: ['business', 'systemBusiness'],
      isSuperAdmin: false,
      tables: [table('schedule', '定时任务', true)],
      dataSource: 'primary',
      canManageSchedules: true,
    });
    expect(groups.map((g) => g.code)).toEqual(['business', 'systemBusiness', 'system']);
    expect(groups.find((g) => g.code === 'system')?.items.map((i) => i.labelKey)).toEqual(['menu.schedules']);
    // with audit:read and webhook:manage as well: the audit log, the webhooks, then the schedules
    const [system] = buildMenuGroups({
      codes: ['system'],
      isSuperAdmin: false,
      tables: [],
      dataSource: 'primary',
      canReadAudit: true,
      canManageWebhooks: true,
      canManageSchedules: true,
    });
    expect(system?.items.map((i) => i.labelKey)).toEqual(['menu.audit', 'menu.webhooks', 'menu.schedules']);
  });

  it('offers no 定时任务 entry to a clerk without schedule:manage, even one who may read every table', () => {
    const groups = buildMenuGroups({
      codes: ['business', 'systemBusiness', 'system'],
      isSuperAdmin: false,
      tables: [table('schedule', '定时任务', true)],
      dataSource: 'primary',
      canReadAudit: true,
      canManageSchedules: false,
    });
    expect(groups.find((g) => g.code === 'system')?.items.map((i) => i.labelKey)).toEqual(['menu.audit']);
    // the schedule table stays where the clerk's reading right puts it, under 内置数据
    expect(groups.find((g) => g.code === 'systemBusiness')?.items.map((i) => i.label)).toEqual(['定时任务']);
  });

  it('lists 流程 under 系统 after 定时任务 for the super admin, on the flow table of primary', () => {
    const system = buildMenuGroups({ codes: [], isSuperAdmin: true, tables: [], dataSource: 'pg' }).find(
      (g) => g.code === 'system',
    );
    const labels = system?.items.map((i) => i.labelKey) ?? [];
    expect(labels.indexOf('menu.flows')).toBe(labels.indexOf('menu.schedules') + 1);
    expect(system?.items.find((i) => i.labelKey === 'menu.flows')).toEqual({
      key: 'system:flows',
      path: '/dataSource/primary/business/flow',
      labelKey: 'menu.flows',
      icon: 'flow',
    });
  });

  it('shows a holder of flow:manage 系统 with 流程 in it, even when the menu codes leave 系统 out', () => {
    const groups = buildMenuGroups({
      codes: ['business', 'systemBusiness'],
      isSuperAdmin: false,
      tables: [table('flow', '流程', true), table('flowRun', '流程执行', true)],
      dataSource: 'primary',
      canManageFlows: true,
    });
    expect(groups.map((g) => g.code)).toEqual(['business', 'systemBusiness', 'system']);
    expect(groups.find((g) => g.code === 'system')?.items.map((i) => i.labelKey)).toEqual(['menu.flows']);
    // the runs are read under 内置数据, beside the flows
    expect(groups.find((g) => g.code === 'systemBusiness')?.items.map((i) => i.label)).toEqual([
      '流程',
      '流程执行',
    ]);
    // with the other system codes as well: the audit log, the webhooks, the schedules, then the flows
    const [system] = buildMenuGroups({
      codes: ['system'],
      isSuperAdmin: false,
      tables: [],
      dataSource: 'primary',
      canReadAudit: true,
      canManageWebhooks: true,
      canManageSchedules: true,
      canManageFlows: true,
    });
    expect(system?.items.map((i) => i.labelKey)).toEqual([
      'menu.audit',
      'menu.webhooks',
      'menu.schedules',
      'menu.flows',
    ]);
  });

  it('offers no 流程 entry to a clerk without flow:manage, even one who may read every table', () => {
    const groups = buildMenuGroups({
      codes: ['business', 'systemBusiness'],
      isSuperAdmin: false,
      tables: [table('orders', '订单'), table('flow', '流程', true)],
      dataSource: 'primary',
      canManageFlows: false,
    });
    expect(groups.map((g) => g.code)).toEqual(['business', 'systemBusiness']);
    expect(groups.find((g) => g.code === 'systemBusiness')?.items.map((i) => i.label)).toEqual(['流程']);
  });

  it('shows the SQL entry only to users who may run SQL', () => {
    const sqlLinks = (input: { isSuperAdmin: boolean; canExecuteSql?: boolean }) =>
      buildMenuGroups({ codes: ['metadata'], tables: [], dataSource: 'pg', ...input })
        .find((g) => g.code === 'metadata')
        ?.items.filter((i) => i.icon === 'sql').length;
    expect(sqlLinks({ isSuperAdmin: true })).toBe(1);
    expect(sqlLinks({ isSuperAdmin: false })).toBe(0);
    expect(sqlLinks({ isSuperAdmin: false, canExecuteSql: true })).toBe(1);
    expect(sqlLinks({ isSuperAdmin: true, canExecuteSql: false })).toBe(0);
  });

  it('puts a muted placeholder in a group without tables', () => {
    const [business] = buildMenuGroups({
      codes: ['business'],
      isSuperAdmin: false,
      tables: [],
      dataSource: 'primary',
    });
    expect(business?.label).toBeUndefined();
    expect(business?.items).toEqual([
      { key: 'business:empty', labelKey: 'menu.noTables', icon: 'none', empty: true },
    ]);
  });

  it('offers to create the first table to who may, in an empty 业务数据 only', () => {
    const [business, systemBusiness] = buildMenuGroups({
      codes: [],
      isSuperAdmin: true,
      tables: [],
      dataSource: 'pg',
    });
    expect(business?.items).toEqual([
      {
        key: '/dataSource/pg/metadata/tables/new',
        path: '/dataSource/pg/metadata/tables/new',
        labelKey: 'menu.createFirstTable',
        icon: 'add',
        action: true,
      },
    ]);
    // The built-in tables live in primary: another data source without any shows no 内置数据.
    expect(systemBusiness?.code).toBe('metadata');
    const [forbidden] = buildMenuGroups({
      codes: ['business'],
      isSuperAdmin: false,
      canCreateTables: false,
      tables: [],
      dataSource: 'pg',
    });
    expect(forbidden?.items.map((i) => i.labelKey)).toEqual(['menu.noTables']);
    const [allowed] = buildMenuGroups({
      codes: ['business'],
      isSuperAdmin: false,
      canCreateTables: true,
      tables: [],
      dataSource: 'pg',
    });
    expect(allowed?.items.map((i) => i.labelKey)).toEqual(['menu.createFirstTable']);
  });

  it('hides 内置数据 when the user may read none of the built-in tables, on primary too', () => {
    const groups = (tables: Table[]) =>
      buildMenuGroups({
        codes: ['business', 'systemBusiness'],
        isSuperAdmin: false,
        tables,
        dataSource: 'primary',
      }).map((g) => g.code);
    expect(groups([table('order', '订单', false)])).toEqual(['business']);
    expect(groups([table('order', '订单', false), table('file', '文件', true)])).toEqual([
      'business',
      'systemBusiness',
    ]);
  });

  it('shows 表 (table management) only to who may list table designs', () => {
    const metadataItems = (canListTables?: boolean) =>
      buildMenuGroups({
        codes: ['metadata'],
        isSuperAdmin: false,
        tables: [],
        dataSource: 'p',
        canListTables,
      })
        .find((g) => g.code === 'metadata')
        ?.items.map((i) => i.labelKey);
    expect(metadataItems(true)).toEqual(['menu.tables', 'menu.sequences', 'menu.relations']);
    expect(metadataItems(false)).toEqual(['menu.sequences', 'menu.relations']);
    expect(metadataItems()).toEqual(['menu.sequences', 'menu.relations']);
  });

  it('labels tables with the caption of the UI language', () => {
    const captioned: Table = { ...table('user', '用户', true), captions: { 'en-US': 'Users' } };
    const labels = (language?: 'zh-CN' | 'en-US') =>
      buildMenuGroups({ codes: [], isSuperAdmin: true, tables: [captioned], dataSource: 'p', language })
        .find((g) => g.code === 'systemBusiness')
        ?.items.map((i) => i.label);
    expect(labels('en-US')).toEqual(['Users']);
    expect(labels('zh-CN')).toEqual(['用户']);
    expect(labels()).toEqual(['用户']);
  });

  it('highlights the longest matching link', () => {
    const keys = [
      '/dataSource/p/metadata/tables',
      '/dataSource/p/business/order',
      '/dataSource/p/business/orderLine',
    ];
    expect(activeMenuKey('/dataSource/p/metadata/tables/3/indexs', keys)).toBe(
      '/dataSource/p/metadata/tables',
    );
    expect(activeMenuKey('/dataSource/p/business/orderLine/new', keys)).toBe(
      '/dataSource/p/business/orderLine',
    );
    expect(activeMenuKey('/dataSource/p/business/order/', keys)).toBe('/dataSource/p/business/order');
    expect(activeMenuKey('/about', keys)).toBeUndefined();
  });
});
