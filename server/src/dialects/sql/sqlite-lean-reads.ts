import type { Knex } from 'knex';

/** The page cache an export reads through: enough for the B-tree's inner pages, not the table. */
const EXPORT_CACHE_KIB = 8192;

interface Lean {
  /** Exports running on this connection pool. */
  running: number;
  /** The settings before the first of them, once switched to lean ones. */
  ready: Promise<{ mmapSize: number; cacheSize: number }>;
}

const lean = new WeakMap<Knex, Lean>();
/** The settings being put back after the last export, awaited before the next one reads them. */
const restoring = new WeakMap<Knex, Promise<unknown>>();

const pragmaValue = async (knex: Knex, name: string): Promise<number> => {
  const rows = (await knex.raw(`PRAGMA ${name}`)) as Record<string, unknown>[];
  return Math.trunc(Number(Object.values(rows[0] ?? {})[0] ?? 0));
};

const switchToLean = async (knex: Knex) => {
  await restoring.get(knex);
  const mmapSize = await pragmaValue(knex, 'mmap_size');
  const cacheSize = await pragmaValue(knex, 'cache_size');
  await knex.raw('PRAGMA mmap_size = 0');
  await knex.raw(`PRAGMA cache_size = -${EXPORT_CACHE_KIB}`);
  return { mmapSize, cacheSize };
};

/**
 * Runs `read` (an export reading a whole table once) with SQLite's memory map off and a small page
 * cache, then puts both back. A single pass gains nothing from keeping the table in memory, and
 * file pages touched through the map (up to 256 MiB) and the page cache (64 MiB) all count in the
 * process's resident memory. Other requests on the connection read without the map meanwhile.
 */
export const withSqliteLeanReads = async <T>(knex: Knex, read: () => Promise<T>): Promise<T> => {
  let state = lean.get(knex);
  if (!state) {
    state = { running: 0, ready: switchToLean(knex) };
    lean.set(knex, state);
  }
  state.running += 1;
  try {
    await state.ready;
    return await read();
  } finally {
    state.running -= 1;
    if (state.running === 0) {
      lean.delete(knex);
      const put = state.ready
        .then(async ({ mmapSize, cacheSize }) => {
          await knex.raw(`PRAGMA mmap_size = ${mmapSize}`);
          await knex.raw(`PRAGMA cache_size = ${cacheSize}`);
        })
        .catch(() => undefined);
      restoring.set(knex, put);
      await put;
    }
  }
};
