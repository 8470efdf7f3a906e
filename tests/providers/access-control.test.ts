import { describe, expect, it } from 'vitest';
import { createAccessControlProvider, requiredPermissions } from '../../packages/client/src/access-control';
import type { UserAccess } from '../../src/auth/lib/permission';
import { PERMISSION_CASES } from '../../contract/permission-cases';

const table = { name: 'product', meta: { kind: 'business', tableName: 'product' } };
const tables = { name: 'tables', meta: { kind: 'metadata' } };

const can = (access: UserAccess, resource: string, action: string, item?: object) =>
  createAccessControlProvider(() => access).can({
    resource,
    action,
    params: item ? { resource: item as never } : {},
  });

describe('access control', () => {
  it.each<[object | undefined, string, string, string[]]>([
    [table, 'list', 'product', ['business:product:read']],
    [table, 'show', 'product', ['business:product:read']],
    [table, 'create', 'product', ['business:product:create']],
    [table, 'edit', 'product', ['business:product:update']],
    [table, 'delete', 'product', ['business:product:delete']],
    [table, 'export', 'product', ['business:product:export']],
    [undefined, 'import', 'orders', ['business:orders:import']],
    [tables, 'list', 'tables', ['metadata:read']],
    [tables, 'edit', 'tables', ['metadata:write']],
    [{ meta: { kind: 'sql' } }, 'create', 'sqls', ['sql:execute']],
    [{ meta: { kind: 'audit' } }, 'list', 'audit', ['audit:read']],
    [{ meta: { kind: 'webhook' } }, 'list', 'webhooks', ['webhook:manage']],
    [{ meta: { kind: 'schedule' } }, 'list', 'schedules', ['schedule:manage']],
    [{ meta: { kind: 'flow' } }, 'list', 'flows', ['flow:manage']],
    [{ meta: { dataSource: 'store' } }, 'create', 'shelf', ['business:store.shelf:create']],
    [{ meta: { dataSource: 'primary' } }, 'list', 'shelf', ['business:shelf:read']],
  ])('%j %s needs %j', (item, action, name, codes) => {
    expect(requiredPermissions(item as never, name, action)).toEqual(codes);
  });

  it('lets holders of audit:read (and the super admin) open the audit log, nobody else', async () => {
    const audit = { name: 'audit', meta: { kind: 'audit' } };
    const clerk = { isSuperAdmin: false, authorities: ['business:*:read', 'metadata:*', 'sql:execute'] };
    const auditor = { isSuperAdmin: false, authorities: ['audit:read'] };
    const admin = { isSuperAdmin: true, authorities: ['ROLE_SUPER_ADMIN'] };
    await expect(can(clerk, 'audit', 'list', audit)).resolves.toMatchObject({ can: false });
    await expect(can(auditor, 'audit', 'list', audit)).resolves.toEqual({ can: true });
    await expect(can(admin, 'audit', 'list', audit)).resolves.toEqual({ can: true });
  });

  it('lets holders of webhook:manage (and the super admin) manage webhooks, not a reader of every table', async () => {
    const webhooks = { name: 'webhooks', meta: { kind: 'webhook' } };
    // the server lists the codes webhook:manage stands for beside it
    const manager = {
      isSuperAdmin: false,
      authorities: [
        'webhook:manage',
        'business:webhook:*',
        'business:webhookDelivery:read',
        'business:webhookDelivery:export',
      ],
    };
    const clerk = { isSuperAdmin: false, authorities: ['business:*:read', 'audit:read'] };
    const admin = { isSuperAdmin: true, authorities: ['ROLE_SUPER_ADMIN'] };
    await expect(can(manager, 'webhooks', 'list', webhooks)).resolves.toEqual({ can: true });
    await expect(can(admin, 'webhooks', 'list', webhooks)).resolves.toEqual({ can: true });
    await expect(can(clerk, 'webhooks', 'list', webhooks)).resolves.toMatchObject({ can: false });
  });

  it('lets holders of schedule:manage (and the super admin) manage schedules, not a reader of every table', async () => {
    const schedules = { name: 'schedules', meta: { kind: 'schedule' } };
    // the server lists the codes schedule:manage stands for beside it
    const manager = {
      isSuperAdmin: false,
      authorities: [
        'schedule:manage',
        'business:schedule:*',
        'business:scheduleRun:read',
        'business:scheduleRun:export',
      ],
    };
    const clerk = { isSuperAdmin: false, authorities: ['business:*:read', 'webhook:manage'] };
    const admin = { isSuperAdmin: true, authorities: ['ROLE_SUPER_ADMIN'] };
    await expect(can(manager, 'schedules', 'list', schedules)).resolves.toEqual({ can: true });
    await expect(can(admin, 'schedules', 'list', schedules)).resolves.toEqual({ can: true });
    await expect(can(clerk, 'schedules', 'list', schedules)).resolves.toMatchObject({ can: false });
  });

  it('lets holders of flow:manage (and the super admin) manage flows, not a reader of every table', async () => {
    const flows = { name: 'flows', meta: { kind: 'flow' } };
    // the server lists the codes flow:manage stands for beside it
    const manager = {
      isSuperAdmin: false,
      authorities: ['flow:manage', 'business:flow:*', 'business:flowRun:read', 'business:flowRun:export'],
    };
    const clerk = { isSuperAdmin: false, authorities: ['business:*', 'schedule:manage', 'webhook:manage'] };
    const admin = { isSuperAdmin: true, authorities: ['ROLE_SUPER_ADMIN'] };
    await expect(can(manager, 'flows', 'list', flows)).resolves.toEqual({ can: true });
    await expect(can(admin, 'flows', 'list', flows)).resolves.toEqual({ can: true });
    await expect(can(clerk, 'flows', 'list', flows)).resolves.toMatchObject({ can: false });
    // the flow table itself is a table like any other: reading it is business:flow:read
    await expect(can(clerk, 'flow', 'list', { name: 'flow' })).resolves.toEqual({ can: true });
  });

  it('asks an extension resource for its own code, and lets everyone open one that names none', async () => {
    const activity = { name: 'activity', meta: { kind: 'extension', permission: 'ext:activity:read' } };
    const open = { name: 'open', meta: { kind: 'extension' } };
    const nobody = { isSuperAdmin: false, authorities: ['business:*:read'] };
    const watcher = { isSuperAdmin: false, authorities: ['ext:activity:*'] };
    await expect(can(nobody, 'activity', 'list', activity)).resolves.toMatchObject({ can: false });
    await expect(can(watcher, 'activity', 'list', activity)).resolves.toEqual({ can: true });
    await expect(can(nobody, 'open', 'list', open)).resolves.toEqual({ can: true });
  });

  it('lets the super admin do anything', async () => {
    await expect(can({ isSuperAdmin: true, authorities: [] }, 'product', 'delete', table)).resolves.toEqual({
      can: true,
    });
  });

  it('checks authorities with * wildcards', async () => {
    const reader = { isSuperAdmin: false, authorities: ['business:*:read', 'metadata:*'] };
    await expect(can(reader, 'product', 'list', table)).resolves.toEqual({ can: true });
    await expect(can(reader, 'product', 'delete', table)).resolves.toMatchObject({ can: false });
    await expect(can(reader, 'tables', 'edit', tables)).resolves.toEqual({ can: true });
  });

  it('denies a user without authorities', async () => {
    await expect(can({ isSuperAdmin: false, authorities: [] }, 'product', 'list', table)).resolves.toEqual({
      can: false,
      reason: '没有权限执行此操作，如需权限请联系管理员',
    });
  });

  it('says why in the user language', async () => {
    const provider = createAccessControlProvider(
      () => ({ isSuperAdmin: false, authorities: [] }),
      () => 'en-US',
    );
    await expect(
      provider.can({ resource: 'product', action: 'list', params: { resource: table } }),
    ).resolves.toEqual({
      can: false,
      reason: 'You do not have permission to do this; ask an administrator if you need it',
    });
  });
});

/** Refine's action for a business verb (the provider's own mapping, read backwards). */
const REFINE_ACTIONS: Record<string, string> = {
  read: 'list',
  create: 'create',
  update: 'edit',
  delete: 'delete',
  import: 'import',
  export: 'export',
};

/** The resource and action whose check asks for exactly `code`, when a screen can ask for it. */
const screenAsking = (code: string): [object, string, string] | undefined => {
  if (code === 'metadata:read') return [tables, 'tables', 'list'];
  if (code === 'metadata:write') return [tables, 'tables', 'edit'];
  if (code === 'sql:execute') return [{ meta: { kind: 'sql' } }, 'sqls', 'create'];
  const [area, name, verb, ...rest] = code.split(':');
  const action = verb === undefined ? undefined : REFINE_ACTIONS[verb];
  if (area !== 'business' || !name || name === '*' || !action || rest.length > 0) return undefined;
  return [{ name, meta: { kind: 'business', tableName: name } }, name, action];
};

describe('access control (the shared case table)', () => {
  const reachable = PERMISSION_CASES.flatMap((entry) => {
    const screen = screenAsking(entry.required);
    return screen ? [{ ...entry, screen }] : [];
  });

  it('reaches most of the table through screens', () => {
    expect(reachable.length).toBeGreaterThan(20);
  });

  it.each(reachable)('$granted → $required: $covers', async ({ granted, required, covers, screen }) => {
    const [item, resource, action] = screen;
    expect(requiredPermissions(item as never, resource, action)).toEqual([required]);
    const result = await can(
      { isSuperAdmin: false, authorities: ['ROLE_X', granted] },
      resource,
      action,
      item,
    );
    expect(result.can).toBe(covers);
  });
});
