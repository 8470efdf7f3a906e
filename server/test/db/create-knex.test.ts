import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createKnex } from '../../src/db/create-knex';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('createKnex on SQLite', () => {
  it('opens every connection with WAL, foreign keys, a 64 MiB cache and a 256 MiB memory map', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'crudboard-knex-'));
    dirs.push(dir);
    const knex = createKnex({
      name: 'primary',
      caption: 'primary',
      client: 'sqlite',
      connection: join(dir, 'db.sqlite'),
      database: 'db.sqlite',
    });
    try {
      const read = async (pragma: string) => {
        const rows = (await knex.raw(`PRAGMA ${pragma}`)) as Record<string, unknown>[];
        return Object.values(rows[0] ?? {})[0];
      };
      expect(await read('journal_mode')).toBe('wal');
      expect(await read('foreign_keys')).toBe(1);
      expect(await read('cache_size')).toBe(-65536);
      expect(await read('mmap_size')).toBe(268435456);
    } finally {
      await knex.destroy();
    }
  });
});
