import type { Knex } from 'knex';

/**
 * How ORDER BY reads a text column in pinyin order: an SQL template with `??` for the column, or
 * null when the database offers no Chinese order (the column is then ordered as without it).
 */
export type PinyinOrder = string | null;

const rowsOf = (result: unknown): Record<string, unknown>[] => {
  // PostgreSQL answers { rows }, MySQL [rows, fields].
  if (Array.isArray(result)) return (result[0] as Record<string, unknown>[] | undefined) ?? [];
  return ((result as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[];
};

const quoteIdentifier = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** PostgreSQL's ICU Chinese collation when it has one, else a libc zh_CN one, else none. */
export const detectPgPinyinOrder = async (knex: Knex): Promise<PinyinOrder> => {
  const rows = rowsOf(
    await knex.raw(
      `SELECT n.nspname AS schema, c.collname AS name
         FROM pg_catalog.pg_collation c JOIN pg_catalog.pg_namespace n ON n.oid = c.collnamespace
        WHERE n.nspname = 'pg_catalog'
          AND (c.collname = 'zh-x-icu' OR c.collname ILIKE 'zh\\_CN.utf%' OR c.collname = 'zh_CN')
          AND (c.collencoding = -1 OR c.collencoding = pg_catalog.pg_char_to_encoding(pg_catalog.getdatabaseencoding()))
        ORDER BY CASE WHEN c.collname = 'zh-x-icu' THEN 0 WHEN c.collname ILIKE 'zh\\_CN.utf%' THEN 1 ELSE 2 END
        LIMIT 1`,
    ),
  );
  const name = rows[0]?.name;
  return typeof name === 'string' ? `?? COLLATE pg_catalog.${quoteIdentifier(name)}` : null;
};

/**
 * MySQL 8: its Chinese collation (on the text converted to utf8mb4, whatever the column's
 * character set). MariaDB has none for utf8mb4: GBK, whose order is pinyin for the common
 * characters (GB2312's first level), characters GBK lacks sorting as `?`.
 */
export const detectMysqlPinyinOrder = async (knex: Knex): Promise<PinyinOrder> => {
  const version = String(rowsOf(await knex.raw('SELECT VERSION() AS v'))[0]?.v ?? '');
  if (/mariadb/i.test(version)) return 'CONVERT(?? USING gbk)';
  const major = Number(/^(\d+)/.exec(version)?.[1] ?? 0);
  return major >= 8 ? 'CONVERT(?? USING utf8mb4) COLLATE utf8mb4_zh_0900_as_cs' : 'CONVERT(?? USING gbk)';
};

/**
 * A dialect's `pinyinOrder`: `detect` asked once per Knex instance (pass the data source's Knex,
 * not a transaction); a failed lookup is asked again next time.
 */
export const oncePerKnex = (detect: (knex: Knex) => Promise<PinyinOrder>) => {
  const detected = new WeakMap<Knex, Promise<PinyinOrder>>();
  return (knex: Knex): Promise<PinyinOrder> => {
    let found = detected.get(knex);
    if (!found) {
      found = detect(knex);
      found.catch(() => detected.delete(knex));
      detected.set(knex, found);
    }
    return found;
  };
};
