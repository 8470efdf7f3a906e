import type { Knex } from 'knex';

/** How many statements of this database wait on a lock of `tableName` (PostgreSQL, MySQL/MariaDB). */
export const countBlocked = async (knex: Knex, client: string, tableName: string): Promise<number> => {
  if (client === 'pg') {
    const { rows } = await knex.raw(
      `select count(*)::int as n from pg_stat_activity
        where wait_event_type = 'Lock' and query ilike ? and datname = current_database()`,
      [`%${tableName}%`],
    );
    return Number(rows[0].n);
  }
  const [rows] = await knex.raw(
    `select count(*) as n from information_schema.processlist
      where state like '%metadata lock%' and db = database() and info like ?`,
    [`%${tableName}%`],
  );
  return Number(rows[0].n);
};

/** Polls `check` every 50 ms until it holds; throws after `timeoutMs`. */
export const waitFor = async (check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> => {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
