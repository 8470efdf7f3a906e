import type { Knex } from 'knex';
import { fullTextFor } from '../full-text/full-text-for';
import { rowsOf, type EngineCapabilities } from './engine-capabilities';

/** MySQL / MariaDB: DDL commits statement by statement; the account's grants; the search method. */
export const probeMysqlEngine = async (knex: Knex): Promise<EngineCapabilities> => {
  const grants = rowsOf(await knex.raw('SHOW GRANTS FOR CURRENT_USER()')).flatMap((row) =>
    Object.values(row).map(String),
  );
  const fullText = await fullTextFor(knex);
  // InnoDB bigrams are made by a stored function: without CREATE ROUTINE no table gets them.
  const routines = grants.some((grant) => /\b(ALL PRIVILEGES|CREATE ROUTINE)\b/i.test(grant));
  const indexed = fullText.method !== 'like' && (fullText.method !== 'innodb-bigram' || routines);
  return {
    transactionalDdl: false,
    triggers: grants.some((grant) => /\b(ALL PRIVILEGES|TRIGGER)\b/i.test(grant)),
    deferrableTriggers: undefined,
    fullText: indexed ? fullText.method : null,
    withoutFullText:
      fullText.method === 'innodb-bigram'
        ? 'no Mroonga, and the account lacks CREATE ROUTINE for the InnoDB bigram index: keyword searches scan the table'
        : 'no CJK full-text parser (Mroonga or ngram): keyword searches scan the table',
  };
};
