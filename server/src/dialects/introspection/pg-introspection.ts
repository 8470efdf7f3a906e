import type { Knex } from 'knex';
import { checkChoicesOf } from './check-in-list';
import { checkChoicesFor, rowsOf, textOrNull, type Introspection } from './introspection';
import { PG_CURRENT_SCHEMA_OID } from '../pg-current-schema';

const IN_SCHEMA = `c.relnamespace = ${PG_CURRENT_SCHEMA_OID}`;

const tableOid = `(SELECT c.oid FROM pg_class c WHERE c.relname = ? AND ${IN_SCHEMA} AND c.relkind IN ('r', 'p', 'v'))`;

const query = async (db: Knex, sql: string, bindings: readonly unknown[] = []) =>
  rowsOf(await db.raw(sql, bindings as Knex.RawBinding[]));

/** PostgreSQL through pg_catalog, in the connection's current schema. */
export const pgIntrospection: Introspection = {
  async tables(db) {
    const rows = await query(
      db,
      `SELECT c.relname AS name, obj_description(c.oid, 'pg_class') AS comment, c.relkind = 'v' AS view
       FROM pg_class c
       WHERE ${IN_SCHEMA} AND c.relkind IN ('r', 'p', 'v') AND NOT c.relispartition ORDER BY c.relname`,
    );
    return rows.map((row) => ({
      tableName: String(row.name),
      comment: textOrNull(row.comment),
      view: row.view === true,
    }));
  },

  async columns(db, table) {
    const rows = await query(
      db,
      `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS notnull,
              pg_get_expr(d.adbin, d.adrelid) AS dflt, a.attidentity AS identity, a.attgenerated AS generated,
              col_description(a.attrelid, a.attnum) AS comment,
              (SELECT array_agg(e.enumlabel::text ORDER BY e.enumsortorder) FROM pg_enum e
                WHERE e.enumtypid = a.atttypid) AS enum_labels
       FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
       WHERE a.attrelid = ${tableOid} AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`,
      [table],
    );
    const checks = checkChoicesOf(
      (
        await query(
          db,
          `SELECT pg_get_constraintdef(k.oid) AS def FROM pg_constraint k
           WHERE k.conrelid = ${tableOid} AND k.contype = 'c' ORDER BY k.conname`,
          [table],
        )
      ).map((row) => String(row.def ?? '')),
    );
    return rows.map((row) => {
      const dflt = textOrNull(row.dflt);
      const generated = textOrNull(row.generated) === 's';
      const serial = !generated && dflt !== null && /^nextval\(/i.test(dflt);
      const identity = ['a', 'd'].includes(String(row.identity ?? ''));
      const labels = Array.isArray(row.enum_labels) ? row.enum_labels.map(String) : null;
      return {
        ...(labels
          ? { choices: { values: labels, multiple: false } }
          : checkChoicesFor(String(row.name), checks)),
        name: String(row.name),
        type: String(row.type),
        nullable: !row.notnull,
        default: generated ? null : dflt,
        autoIncrement: serial || identity,
        comment: textOrNull(row.comment),
        generated,
      };
    });
  },

  async primaryKey(db, table) {
    const rows = await query(
      db,
      `SELECT a.attname AS name FROM pg_index x
       CROSS JOIN LATERAL unnest(x.indkey) WITH ORDINALITY AS k(attnum, n)
       JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum
       WHERE x.indrelid = ${tableOid} AND x.indisprimary ORDER BY k.n`,
      [table],
    );
    return rows.map((row) => String(row.name));
  },

  async indexes(db, table) {
    const rows = await query(
      db,
      `SELECT i.relname AS name, x.indisunique AS uniq, am.amname AS method, a.attname AS col, k.n AS n
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_am am ON am.oid = i.relam
       CROSS JOIN LATERAL unnest(x.indkey) WITH ORDINALITY AS k(attnum, n)
       LEFT JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum AND k.attnum > 0
       WHERE x.indrelid = ${tableOid} AND NOT x.indisprimary
       ORDER BY i.relname, k.n`,
      [table],
    );
    const byName = new Map<
      string,
      { name: string; unique: boolean; columns: (string | null)[]; type: string }
    >();
    for (const row of rows) {
      const name = String(row.name);
      let index = byName.get(name);
      if (!index) {
        index = { name, unique: !!row.uniq, columns: [], type: String(row.method) };
        byName.set(name, index);
      }
      index.columns.push(textOrNull(row.col));
    }
    return [...byName.values()];
  },

  async foreignKeys(db, table) {
    const rows = await query(
      db,
      `SELECT con.conname AS constraint, c.relname AS tbl, a.attname AS col, r.relname AS ref, ra.attname AS refcol
       FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid JOIN pg_class r ON r.oid = con.confrelid
       CROSS JOIN LATERAL unnest(con.conkey, con.confkey) WITH ORDINALITY AS k(attnum, refnum, n)
       JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum
       JOIN pg_attribute ra ON ra.attrelid = con.confrelid AND ra.attnum = k.refnum
       WHERE con.contype = 'f' AND ${IN_SCHEMA} AND r.relnamespace = c.relnamespace
         ${table === undefined ? '' : 'AND c.relname = ?'}
       ORDER BY c.relname, con.conname, k.n`,
      table === undefined ? [] : [table],
    );
    return rows.map((row) => ({
      constraint: String(row.constraint),
      table: String(row.tbl),
      column: String(row.col),
      refTable: String(row.ref),
      refColumn: String(row.refcol),
    }));
  },
};
