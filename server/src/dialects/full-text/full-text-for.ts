import type { Knex } from 'knex';
import { dialectOf } from '../../db/dialect';
import { runsOnGalera } from '../sql/runs-on-galera';
import type { FullText } from './full-text';
import { mariadbBigramFullText } from './mariadb-bigrams';
import { mroongaFullText, mysqlNgramFullText } from './mysql-full-text';
import { pgFullText } from './pg-full-text';
import { sqliteFullText } from './sqlite-full-text';

/**
 * By a Knex instance's client configuration, which its transactions share: a transaction finds
 * its data source's method.
 */
const detected = new WeakMap<object, Promise<FullText>>();

/** Data sources whose MariaDB keeps its search index in InnoDB even beside Mroonga (`searchIndex`). */
const innodbPreferred = new WeakSet<object>();

const sourceOf = (knex: Knex): object => knex.client.config as object;

/** Makes a MariaDB data source's Knex keep its search index in InnoDB (config `searchIndex: innodb`). */
export const preferInnodbSearchIndex = (knex: Knex): void => {
  innodbPreferred.add(sourceOf(knex));
};

const firstRow = (result: unknown): Record<string, unknown> | undefined => {
  const rows = Array.isArray(result) ? (result[0] as unknown) : result;
  return Array.isArray(rows) ? (rows[0] as Record<string, unknown> | undefined) : undefined;
};

const detectMysql = async (knex: Knex, innodb: boolean): Promise<FullText> => {
  const version = String(firstRow(await knex.raw('SELECT VERSION() AS v'))?.v ?? '');
  if (!/mariadb/i.test(version)) return mysqlNgramFullText;
  // Galera replicates InnoDB only: Mroonga's search tables would differ from node to node, the
  // InnoDB bigram tables replicate like any other.
  if (innodb || (await runsOnGalera(knex))) return mariadbBigramFullText;
  const engine = firstRow(
    await knex.raw(
      "SELECT ENGINE AS e FROM information_schema.ENGINES WHERE ENGINE = 'Mroonga' AND SUPPORT IN ('YES', 'DEFAULT')",
    ),
  );
  return engine ? mroongaFullText : mariadbBigramFullText;
};

/**
 * The keyword-search implementation of a data source: SQLite FTS5 trigram, PostgreSQL pg_trgm,
 * MySQL 8 ngram, MariaDB Mroonga when the server has the engine and is no Galera node (unless the
 * data source prefers InnoDB), else InnoDB bigram tables. Detected once per data source (its
 * Knex or one of its transactions).
 */
export const fullTextFor = (knex: Knex): Promise<FullText> => {
  const dialect = dialectOf(knex);
  if (dialect === 'sqlite') return Promise.resolve(sqliteFullText);
  if (dialect === 'pg') return Promise.resolve(pgFullText);
  const source = sourceOf(knex);
  let found = detected.get(source);
  if (!found) {
    found = detectMysql(knex, innodbPreferred.has(source));
    found.catch(() => detected.delete(source));
    detected.set(source, found);
  }
  return found;
};
