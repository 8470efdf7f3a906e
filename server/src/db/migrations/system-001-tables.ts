import type { Knex } from 'knex';
import { SUPER_ADMIN_ROLE } from '../../../../contract/index';
import { dateTimeText } from '../clock';
import { SYSTEM } from '../table-names';
import { createTable, dateTimeTimestamps } from './create-table';
import type { NamedMigration } from './named-migration';

const reference = (table: Knex.CreateTableBuilder, column: string, target: string) =>
  table.bigInteger(column).unsigned().notNullable().references('id').inTable(target).onDelete('CASCADE');

export const SEED_MENUS = [
  { name: '业务数据', code: 'business' },
  { name: '内置数据', code: 'systemBusiness' },
  { name: '元数据', code: 'metadata' },
  { name: '系统', code: 'system' },
] as const;

export const SEED_CONFIG = [
  { key: 'appName', value: 'crudboard' },
  { key: 'businessName', value: '业务数据' },
] as const;

/**
 * System tables of `primary` and their seed rows. Record timestamps are DATETIME text in the
 * server's time zone; session times are epoch milliseconds (compared, never shown).
 */
export const system001Tables: NamedMigration = {
  name: 'system-001-tables',
  async up(knex) {
    await createTable(knex, SYSTEM.user, (t) => {
      t.bigIncrements('id');
      t.string('username', 64).notNullable().unique();
      t.string('realname', 100);
      t.string('password', 255).notNullable();
      t.string('email', 200);
      t.string('mobile', 32);
      t.string('avatar', 500);
      t.boolean('enabled').notNullable().defaultTo(true);
      dateTimeTimestamps(t);
    });
    await createTable(knex, SYSTEM.role, (t) => {
      t.bigIncrements('id');
      t.string('name', 100).notNullable();
      t.string('code', 64).notNullable().unique();
      t.text('permissions');
      dateTimeTimestamps(t);
    });
    await createTable(knex, SYSTEM.userRole, (t) => {
      t.bigIncrements('id');
      reference(t, 'userId', SYSTEM.user);
      reference(t, 'roleId', SYSTEM.role);
      t.unique(['userId', 'roleId']);
      t.index(['roleId']);
    });
    await createTable(knex, SYSTEM.config, (t) => {
      t.bigIncrements('id');
      t.string('key', 100).notNullable().unique();
      t.text('value');
      dateTimeTimestamps(t);
    });
    await createTable(knex, SYSTEM.menu, (t) => {
      t.bigIncrements('id');
      t.string('name', 100).notNullable();
      t.string('code', 64).notNullable().unique();
      dateTimeTimestamps(t);
    });
    await createTable(knex, SYSTEM.session, (t) => {
      t.string('tokenHash', 64).primary();
      reference(t, 'userId', SYSTEM.user);
      t.bigInteger('createdAt').notNullable();
      t.bigInteger('lastSeenAt').notNullable();
      t.bigInteger('expiresAt').notNullable();
      t.index(['userId']);
      t.index(['expiresAt']);
    });

    const now = dateTimeText(new Date());
    const stamped = <T extends object>(row: T) => ({ ...row, createdDate: now, lastModifiedDate: now });
    for (const menu of SEED_MENUS) await knex(SYSTEM.menu).insert(stamped(menu));
    await knex(SYSTEM.config).insert(SEED_CONFIG.map(stamped));
    await knex(SYSTEM.role).insert(stamped({ name: '超级管理员', code: SUPER_ADMIN_ROLE, permissions: '*' }));
  },
  async down(knex) {
    for (const name of [
      SYSTEM.session,
      SYSTEM.userRole,
      SYSTEM.menu,
      SYSTEM.config,
      SYSTEM.role,
      SYSTEM.user,
    ]) {
      await knex.schema.dropTableIfExists(name);
    }
  },
};
