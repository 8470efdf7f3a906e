import { describe, expect, it } from 'vitest';
import { roleChangeRefusal } from '../../../src/services/sql/role-change-refusal';

const refused = (sql: string) => roleChangeRefusal(sql)?.en;

describe('roleChangeRefusal', () => {
  it('refuses every way of leaving the console role', () => {
    for (const sql of [
      'RESET ROLE',
      'reset role',
      'SET ROLE NONE',
      'SET LOCAL ROLE postgres',
      'set session role postgres',
      'SET "role" = postgres',
      'SET SESSION AUTHORIZATION DEFAULT',
      'SET LOCAL SESSION AUTHORIZATION postgres',
      'RESET SESSION AUTHORIZATION',
      'RESET ALL',
      "SELECT set_config('role', 'none', true)",
      "SELECT pg_catalog.\"set_config\"('ro' || 'le', 'none', true)",
      "UPDATE pg_settings SET setting = 'none' WHERE name = 'role'",
      "SELECT current_setting('session_authorization')",
      'CREATE FUNCTION f() RETURNS void LANGUAGE plpgsql AS $$ BEGIN SET LOCAL ROLE postgres; END $$',
      'ALTER FUNCTION f() SET role = postgres',
      'SET U&"\\0072ole" = postgres',
    ]) {
      expect(refused(sql), sql).toMatch(/cannot change the database role/);
    }
  });

  it('lets other statements through', () => {
    for (const sql of [
      'SELECT 1',
      "UPDATE t SET name = 'role'",
      'SET statement_timeout = 0',
      "SELECT 'set' AS a, roles FROM t",
      'SELECT * FROM user_role',
    ]) {
      expect(refused(sql), sql).toBeUndefined();
    }
  });

  it('has a Chinese message too', () => {
    expect(roleChangeRefusal('RESET ROLE')?.zh).toContain('不能更改数据库角色');
  });
});
