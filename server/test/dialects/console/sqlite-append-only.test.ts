import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { appendOnlyTable, guardAppendOnly } from '../../../src/dialects/sql/console/sqlite-append-only';

const open = () => {
  const db = new Database(':memory:');
  db.exec(`CREATE TABLE cb_audit (id INTEGER PRIMARY KEY, action TEXT);
           CREATE TABLE orders (id INTEGER PRIMARY KEY, name TEXT);
           INSERT INTO cb_audit (action) VALUES ('signIn');`);
  return db;
};

describe('guardAppendOnly (the SQLite console connection)', () => {
  it('refuses writes of a guarded table and names it, and lets other tables be written', () => {
    const db = open();
    const guard = guardAppendOnly(db, ['cb_audit', 'cb_revision']);
    for (const sql of [
      'DELETE FROM cb_audit',
      "UPDATE cb_audit SET action = 'x'",
      "INSERT INTO cb_audit (action) VALUES ('forged')",
      "REPLACE INTO cb_audit (id, action) VALUES (1, 'forged')",
    ]) {
      expect(() => db.exec(sql), sql).toThrow(/cb-append-only:cb_audit/);
    }
    expect(appendOnlyTable('cb-append-only:cb_audit')).toBe('cb_audit');
    db.exec("INSERT INTO orders (name) VALUES ('ok')");
    expect(guard.check()).toBeNull();
    expect(db.prepare('SELECT action FROM cb_audit').all()).toEqual([{ action: 'signIn' }]);
  });

  it('sees a guarded table dropped, renamed or named by a new trigger', () => {
    for (const sql of [
      'DROP TABLE cb_audit',
      'ALTER TABLE cb_audit RENAME TO gone',
      'CREATE TRIGGER t AFTER INSERT ON orders BEGIN DELETE FROM [CB_AUDIT]; END',
    ]) {
      const db = open();
      const guard = guardAppendOnly(db, ['cb_audit']);
      db.exec(sql);
      expect(guard.check(), sql).toBe('cb_audit');
    }
  });

  it('does nothing on a database without guarded tables', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE orders (id INTEGER PRIMARY KEY)');
    const guard = guardAppendOnly(db, ['cb_audit']);
    db.exec('DROP TABLE orders');
    expect(guard.check()).toBeNull();
  });
});
