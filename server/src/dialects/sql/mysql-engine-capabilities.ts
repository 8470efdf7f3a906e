import type { Knex } from 'knex';
import { fullTextFor } from '../full-text/full-text-for';
import { rowsOf, type EngineCapabilities } from './engine-capabilities';

/** MySQL / MariaDB: DDL commits statement by statement; the account's grants; the search method. */
export const probeMysqlEngine = async (knex: Knex): Promise<EngineCapabilities> => {
  const grants = rowsOf(await knex.raw('SHOW GRANTS FOR CURRENT_USER()')).flatMap((row) =>
    Object.values(row).map(String),
  );
  const fullText = await fullTextFor(knex);
  return {
    transactionalDdl: false,
    triggers: grants.some((grant) => /\b(ALL PRIVILEGES|TRIGGER)\b/i.test(grant)),
    deferrableTriggers: undefined,
    fullText: fullText.method === 'like' ? null : fullText.method,
    withoutFullText: 'no CJK full-text parser (Mroonga or ngram): keyword searches scan the table',
  };
};
