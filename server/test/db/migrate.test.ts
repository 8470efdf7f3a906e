import { expect, it } from 'vitest';
import { SUPER_ADMIN_ROLE } from '../../../contract/index';
import type { App } from '../../src/app';
import { verifyPassword } from '../../src/auth/password';
import type { CreatedAdmin } from '../../src/db/ensure-super-admin';
import { runMigrations } from '../../src/db/migrate';
import { META, MIGRATION_TABLES, SHARED_STATE, SYSTEM } from '../../src/db/table-names';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';

const seedState = async (app: App) => {
  const knex = app.dataSources.primary.knex;
  return {
    users: (await knex(SYSTEM.user).select('id')).length,
    roles: (await knex(SYSTEM.role).select('id')).length,
    menus: (await knex(SYSTEM.menu).select('code').orderBy('id')).map((m) => m.code),
    config: (await knex(SYSTEM.config).select('key', 'value').orderBy('id')).map((c) => [c.key, c.value]),
    userRoles: (await knex(SYSTEM.userRole).select('id')).length,
  };
};

describeEachDatabase('migrations and first start ($name)', (db) => {
  const apps = useTestApps(db, { empty: true });

  it('migrates, seeds and creates superadmin with a generated password once; a restart changes nothing', async () => {
    const created: CreatedAdmin[] = [];
    const config = apps.config({ adminPassword: undefined });
    delete config.adminPassword;

    const first = await apps.build({ onAdminCreated: (admin) => created.push(admin) }, config);
    expect(created).toHaveLength(1);
    const password = created[0]?.generatedPassword;
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const knex = first.dataSources.primary.knex;
    const before = await seedState(first);
    expect(before).toEqual({
      users: 1,
      roles: 1,
      menus: ['business', 'systemBusiness', 'metadata', 'system'],
      config: [
        ['appName', 'crudboard'],
        ['businessName', '业务数据'],
      ],
      userRoles: 1,
    });
    const stored = await knex(SYSTEM.user).where('username', 'superadmin').first();
    expect(stored.realname).toBe('超级管理员');
    expect(stored.password).not.toContain(password);
    await expect(verifyPassword(password ?? '', stored.password)).resolves.toBe(true);
    const role = await knex(SYSTEM.role).where('code', SUPER_ADMIN_ROLE).first();
    expect([role.name, role.permissions]).toEqual(['超级管理员', '*']);
    expect((await login(first, 'superadmin', password)).response.statusCode).toBe(200);
    await first.close();

    const second = await apps.build({ onAdminCreated: (admin) => created.push(admin) }, config);
    expect(created).toHaveLength(1);
    await expect(runMigrations(second.dataSources.primary.knex, { system: true })).resolves.toEqual([]);
    expect(await seedState(second)).toEqual(before);
    expect((await login(second, 'superadmin', password)).response.statusCode).toBe(200);
  });

  it('leaves the migrator alone when every migration is recorded, and asks it when one is not', async () => {
    const knex = (await apps.build()).dataSources.primary.knex;
    const asked: string[] = [];
    const onQuery = (query: { sql: string }) => asked.push(query.sql);
    knex.on('query', onQuery);
    try {
      await expect(runMigrations(knex, { system: true })).resolves.toEqual([]);
      // No lock taken, no table looked for: one read of each migration table.
      expect(asked.filter((sql) => /_lock|information_schema|sqlite_master/i.test(sql))).toEqual([]);
      const last = (await knex(MIGRATION_TABLES.system).orderBy('id', 'desc').first('id', 'name')) as {
        id: number;
        name: string;
      };
      const { name } = last;
      // One not recorded (as a new release's would be): the migrator is asked, under its lock.
      await knex(MIGRATION_TABLES.system).where('id', last.id).delete();
      asked.length = 0;
      await runMigrations(knex, { system: true }).catch(() => undefined);
      expect(asked.some((sql) => sql.includes(`${MIGRATION_TABLES.system}_lock`))).toBe(true);
      if (!(await knex(MIGRATION_TABLES.system).where('name', name).first()))
        await knex(MIGRATION_TABLES.system).insert({ name, batch: 1, migration_time: new Date() });
      await expect(runMigrations(knex, { system: true })).resolves.toEqual([]);
    } finally {
      knex.off('query', onQuery);
    }
  });

  it('creates metadata, system and shared-state tables in primary only: another data source gets none', async () => {
    const extra = {
      name: 'second',
      caption: 'second',
      client: 'sqlite' as const,
      connection: `${apps.env().dataDir}/second.sqlite`,
      database: 'second.sqlite',
    };
    const app = await apps.build({}, apps.env().config({}, [extra]));
    const second = app.dataSources.get('second')?.knex;
    if (!second) throw new Error('second data source missing');
    for (const name of [
      ...Object.values(META),
      ...Object.values(SYSTEM),
      ...Object.values(SHARED_STATE),
      ...Object.values(MIGRATION_TABLES),
    ]) {
      expect(await app.dataSources.primary.knex.schema.hasTable(name), name).toBe(true);
      expect(await second.schema.hasTable(name), name).toBe(false);
    }
  });
});
