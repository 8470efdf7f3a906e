import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knex, { type Knex } from 'knex';
import type { Client } from '../../src/config';

/** The super admin's password in every test database the helpers make (test-app.ts signs in with it). */
export const ADMIN_PASSWORD = 'Test-admin-Pass-1';

/**
 * A database the run migrated once, with the super admin signed up with ADMIN_PASSWORD: test
 * files copy it instead of migrating a database of their own (two to three seconds each on
 * PostgreSQL and MariaDB, several hundred times a run).
 */
export interface DatabaseTemplate {
  /** The data directory of the template's app (SQLite: its database file is in it). */
  dataDir: string;
  /** PostgreSQL / MySQL: the template database's name. */
  database?: string;
}

export type DatabaseTemplates = Partial<Record<Client, DatabaseTemplate>>;

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/** A new data directory holding a copy of the template's. */
export const copyDataDir = (template: DatabaseTemplate): string => {
  const dataDir = mkdtempSync(join(tmpdir(), 'crudboard-test-'));
  cpSync(template.dataDir, dataDir, { recursive: true });
  return dataDir;
};

interface MysqlObjects {
  tables: string[];
  triggers: string[];
  others: string[];
}

const mysqlObjects = async (admin: Knex, database: string): Promise<MysqlObjects> => {
  const [tables] = (await admin.raw(
    `SELECT TABLE_NAME AS name, TABLE_TYPE AS type FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?`,
    [database],
  )) as [{ name: string; type: string }[]];
  const [triggers] = (await admin.raw(
    `SELECT TRIGGER_NAME AS name FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = ? ORDER BY ACTION_ORDER`,
    [database],
  )) as [{ name: string }[]];
  const [routines] = (await admin.raw(
    `SELECT ROUTINE_NAME AS name FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = ?
     UNION ALL SELECT EVENT_NAME FROM information_schema.EVENTS WHERE EVENT_SCHEMA = ?`,
    [database, database],
  )) as [{ name: string }[]];
  return {
    tables: tables.filter((table) => table.type === 'BASE TABLE').map((table) => table.name),
    triggers: triggers.map((trigger) => trigger.name),
    others: [...tables.filter((table) => table.type !== 'BASE TABLE'), ...routines].map(
      (object) => object.name,
    ),
  };
};

/**
 * MySQL / MariaDB have no database templates: the template's tables are made again from their
 * definitions in the new database (connected as its default, so that foreign keys name its own
 * tables) and filled from the template's rows, then its triggers are made again. A template
 * holding views, routines or events is refused: copying those is not written, and a copy without
 * them would test less.
 */
export const cloneMysqlDatabase = async (connection: string, template: string): Promise<void> => {
  const target = knex({ client: 'mysql2', connection, pool: { min: 1, max: 1 } });
  try {
    const { tables, triggers, others } = await mysqlObjects(target, template);
    if (others.length > 0) {
      throw new Error(`the MySQL test template holds objects other than tables: ${others.join(', ')}`);
    }
    /** Makes the template's table or trigger again from the statement MySQL gives for it. */
    const makeAgain = async (kind: 'TABLE' | 'TRIGGER', name: string) => {
      const [[shown]] = (await target.raw(`SHOW CREATE ${kind} ??.??`, [template, name])) as [
        Record<string, string>[],
      ];
      const statement = shown?.[kind === 'TABLE' ? 'Create Table' : 'SQL Original Statement'];
      if (!statement) throw new Error(`no definition of ${template}.${name}`);
      await target.raw(statement);
    };
    await target.raw('SET FOREIGN_KEY_CHECKS = 0');
    for (const table of tables) await makeAgain('TABLE', table);
    const [columns] = (await target.raw(
      `SELECT TABLE_NAME AS tableName, COLUMN_NAME AS columnName FROM information_schema.COLUMNS
       WHERE TABLE_SCHEMA = ? AND EXTRA NOT LIKE '%GENERATED%' ORDER BY TABLE_NAME, ORDINAL_POSITION`,
      [template],
    )) as [{ tableName: string; columnName: string }[]];
    for (const table of tables) {
      const names = columns.filter((column) => column.tableName === table).map((column) => column.columnName);
      const list = names.map(() => '??').join(', ');
      await target.raw(`INSERT INTO ?? (${list}) SELECT ${list} FROM ??.??`, [
        table,
        ...names,
        ...names,
        template,
        table,
      ]);
    }
    await target.raw('SET FOREIGN_KEY_CHECKS = 1');
    // after the rows, which they would otherwise count as changes
    for (const trigger of triggers) await makeAgain('TRIGGER', trigger);
  } finally {
    await target.destroy();
  }
};
