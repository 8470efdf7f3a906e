import type { Database } from 'better-sqlite3';

/** Quote an identifier for SQLite. */
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The schema objects that could change what `tables` hold: the tables themselves, their indexes and
 * triggers, and any trigger (of any table) whose text names one of them, quotes and case aside.
 * Read before and after a console statement: a difference means the statement dropped, renamed or
 * altered a table kept append-only, or planted a trigger that would write it later on crudboard's
 * own connection, where this connection's guards do not exist.
 */
const schemaOf = (db: Database, tables: readonly string[]): string => {
  const names = tables.map((table) => table.toLowerCase());
  const marks = names.map(() => '?').join(', ');
  const text = `replace(replace(replace(replace(lower(sql), '"', ''), '\`', ''), '[', ''), ']', '')`;
  const mentions = names.map(() => `${text} LIKE '%' || ? || '%'`).join(' OR ');
  const rows = db
    .prepare(
      `SELECT type, name, tbl_name, sql FROM main.sqlite_master
        WHERE lower(tbl_name) IN (${marks}) OR (type = 'trigger' AND (${mentions}))
        ORDER BY type, name`,
    )
    .all(...names, ...names);
  return JSON.stringify(rows);
};

/** What a guarded statement did that it may not: `null` if nothing. */
export type AppendOnlyBreach = string | null;

/**
 * Keeps `tables` (crudboard's audit log and record history) out of reach of a writing console
 * statement on this connection, whoever runs it: TEMP triggers, which exist only on this
 * connection, refuse every INSERT, UPDATE and DELETE of them (recursive triggers on, so that the
 * rows REPLACE removes count as deletes), and `check()`, called after the statement and before
 * COMMIT, compares the schema objects around them with how they were. crudboard's own connection,
 * which appends and prunes, has none of the triggers.
 */
export const guardAppendOnly = (db: Database, tables: readonly string[]): { check(): AppendOnlyBreach } => {
  const present = tables.filter((table) =>
    db.prepare(`SELECT 1 FROM main.sqlite_master WHERE type = 'table' AND lower(name) = lower(?)`).get(table),
  );
  // another data source's file: nothing of crudboard's to keep
  if (present.length === 0) return { check: () => null };
  db.pragma('recursive_triggers = ON');
  for (const table of present) {
    for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
      db.exec(
        `CREATE TEMP TRIGGER ${quoted(`cb_append_only_${event.toLowerCase()}_${table}`)}
           BEFORE ${event} ON main.${quoted(table)}
           BEGIN SELECT RAISE(ABORT, ${`'cb-append-only:${table}'`}); END`,
      );
    }
  }
  const before = schemaOf(db, present);
  return {
    check: () => {
      if (schemaOf(db, present) === before) return null;
      return present.join(', ');
    },
  };
};

/** The table an append-only trigger named in its error, if the error is one. */
export const appendOnlyTable = (message: string): string | null =>
  /cb-append-only:([A-Za-z0-9_]+)/.exec(message)?.[1] ?? null;
