import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createKnex } from '../../../src/db/create-knex';
import { withSqliteLeanReads as withLeanReads } from '../../../src/dialects/sql/sqlite-lean-reads';

const pragma = async (knex: ReturnType<typeof createKnex>, name: string) =>
  Object.values(((await knex.raw(`PRAGMA ${name}`)) as Record<string, unknown>[])[0] ?? {})[0];

describe('withLeanReads', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('reads SQLite without the memory map and with a small cache, then puts both back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lean-reads-'));
    dirs.push(dir);
    const knex = createKnex({
      name: 'lean',
      caption: 'lean',
      client: 'sqlite',
      connection: join(dir, 'db.sqlite'),
      database: 'db',
    });
    try {
      const before = [await pragma(knex, 'mmap_size'), await pragma(knex, 'cache_size')];
      const inside: unknown[][] = [];
      const read = () =>
        withLeanReads(knex, async () => {
          inside.push([await pragma(knex, 'mmap_size'), await pragma(knex, 'cache_size')]);
          return 7;
        });
      expect(await Promise.all([read(), read()])).toEqual([7, 7]);
      expect(inside).toEqual([
        [0, -8192],
        [0, -8192],
      ]);
      await expect(withLeanReads(knex, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
      expect([await pragma(knex, 'mmap_size'), await pragma(knex, 'cache_size')]).toEqual(before);
    } finally {
      await knex.destroy();
    }
  });
});
