import type { Knex } from 'knex';
import type { Client } from '../server/src/config';
import { SHARED_STATE } from '../server/src/db/table-names';

/** How planted revisions spread: `count` of them over `tables` tables (`<prefix><i>`), `perRecord` each. */
export interface RevisionSpread {
  count: number;
  tables: number;
  perRecord: number;
  /** The table names' prefix (a single table is named by the prefix alone). */
  prefix: string;
  /** `at` of the first revision; each later one is 1 ms newer. */
  startAt: number;
}

/** Records per table the spread gives. */
export const recordsPerTable = (spread: RevisionSpread): number =>
  Math.max(1, Math.floor(spread.count / (spread.tables * spread.perRecord)));

/** Rows inserted per statement: progress is printed between them. */
const CHUNK = 1_000_000;

/**
 * Fills `cb_revision` with `spread.count` revisions written by the database itself (a recursive
 * CTE on SQLite, generate_series on PostgreSQL, a sequence of cross-joined digits on MySQL /
 * MariaDB): revision n belongs to table n mod tables and record (n div tables) mod records, so a
 * record's revisions lie far apart in id order as they do when many records change over time.
 */
export const fillRevisions = async (
  knex: Knex,
  client: Client,
  spread: RevisionSpread,
  progress: (done: number) => void = () => undefined,
): Promise<void> => {
  const records = recordsPerTable(spread);
  const creates = spread.tables * records;
  const single = spread.tables === 1;
  for (let from = 0; from < spread.count; from += CHUNK) {
    const to = Math.min(spread.count, from + CHUNK) - 1;
    const q = client === 'mysql' ? '`' : '"';
    const columns = [
      'dataSource',
      'tableName',
      'recordKey',
      'action',
      'at',
      'userId',
      'userName',
      'channel',
      'changes',
    ]
      .map((column) => `${q}${column}${q}`)
      .join(', ');
    const concat = (...parts: string[]) =>
      client === 'mysql' ? `CONCAT(${parts.join(', ')})` : parts.map((part) => `(${part})`).join(' || ');
    const text = (expression: string) => `CAST(${expression} AS ${client === 'mysql' ? 'CHAR' : 'TEXT'})`;
    // Integer division: `/` of two integers on SQLite and PostgreSQL, DIV on MySQL.
    const div = (a: string, b: number) => `(${a} ${client === 'mysql' ? 'DIV' : '/'} ${b})`;
    const select =
      `SELECT 'primary', ${single ? `'${spread.prefix}'` : concat(`'${spread.prefix}'`, text(`n % ${spread.tables}`))}, ` +
      `${text(`${div('n', spread.tables)} % ${records}`)}, CASE WHEN n < ${creates} THEN 'create' ELSE 'update' END, ` +
      `${spread.startAt} + n, 1, 'bench', 'api', ` +
      `${concat(`'[{"column":"amount","old":'`, text('n'), `',"new":'`, text('n + 1'), `'}]'`)}`;
    const table = `${q}${SHARED_STATE.revision}${q}`;
    if (client === 'sqlite') {
      await knex.raw(
        `WITH RECURSIVE seq(n) AS (SELECT ${from} UNION ALL SELECT n + 1 FROM seq WHERE n < ${to}) ` +
          `INSERT INTO ${table} (${columns}) ${select} FROM seq`,
      );
    } else if (client === 'pg') {
      await knex.raw(`INSERT INTO ${table} (${columns}) ${select} FROM generate_series(${from}, ${to}) AS n`);
    } else {
      const digits =
        '(SELECT 0 d UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4 UNION ALL SELECT 5 UNION ALL SELECT 6 UNION ALL SELECT 7 UNION ALL SELECT 8 UNION ALL SELECT 9)';
      const sequence =
        `(SELECT ${from} + a.d + 10 * b.d + 100 * c.d + 1000 * e.d + 10000 * f.d + 100000 * g.d AS n ` +
        `FROM ${digits} a, ${digits} b, ${digits} c, ${digits} e, ${digits} f, ${digits} g) s`;
      await knex.raw(`INSERT INTO ${table} (${columns}) ${select} FROM ${sequence} WHERE n <= ${to}`);
    }
    progress(to + 1);
  }
};
