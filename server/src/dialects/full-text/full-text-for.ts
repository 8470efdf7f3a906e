import type { Knex } from 'knex';
import { dialectOf } from '../../db/dialect';
import { runsOnGalera } from '../sql/runs-on-galera';
import type { FullText } from './full-text';
import { likeFullText, mroongaFullText, mysqlNgramFullText } from './mysql-full-text';
import { pgFullText } from './pg-full-text';
import { sqliteFullText } from './sqlite-full-text';

const detected = new WeakMap<Knex, Promise<FullText>>();

const firstRow = (result: unknown): Record<string, unknown> | undefined => {
  const rows = Array.isArray(result) ? (result[0] as unknown) : result;
  return Array.isArray(rows) ? (rows[0] as Record<string, unknown> | undefined) : undefined;
};

const detectMysql = async (knex: Knex): Promise<FullText> => {
  const version = String(firstRow(await knex.raw('SELECT VERSION() AS v'))?.v ?? '');
  if (!/mariadb/i.test(version)) return mysqlNgramFullText;
  // Galera replicates InnoDB only: Mroonga's search tables would differ from node to node.
  if (await runsOnGalera(knex)) return likeFullText;
  const engine = firstRow(
    await knex.raw(
      "SELECT ENGINE AS e FROM information_schema.ENGINES WHERE ENGINE = 'Mroonga' AND SUPPORT IN ('YES', 'DEFAULT')",
    ),
  );
  return engine ? mroongaFullText : likeFullText;
};

/**
 * The keyword-search implementation of a data source: SQLite FTS5 trigram, PostgreSQL pg_trgm,
 * MySQL 8 ngram, MariaDB Mroonga when the server has the engine and is no Galera node, else a LIKE
 * scan. Detected once
 * per Knex instance (pass the data source's Knex, not a transaction).
 */
export const fullTextFor = (knex: Knex): Promise<FullText> => {
  const dialect = dialectOf(knex);
  if (dialect === 'sqlite') return Promise.resolve(sqliteFullText);
  if (dialect === 'pg') return Promise.resolve(pgFullText);
  let found = detected.get(knex);
  if (!found) {
    found = detectMysql(knex);
    found.catch(() => detected.delete(knex));
    detected.set(knex, found);
  }
  return found;
};
