import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { filePathsOf } from '../../../src/services/files/file-paths';
import { KeyLock } from '../../../src/services/files/key-lock';
import { cleanupIntervalMs, removeStaleUploads } from '../../../src/services/files/stale-uploads';

const HOUR = 3_600_000;
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const setup = () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'crudboard-stale-'));
  dirs.push(dataDir);
  const paths = filePathsOf(dataDir);
  mkdirSync(paths.partial, { recursive: true });
  mkdirSync(paths.incoming, { recursive: true });
  const partial = (key: string, ageMs: number) => {
    const dir = join(paths.partial, key);
    mkdirSync(dir);
    writeFileSync(join(dir, '0'), 'x');
    const time = new Date(Date.now() - ageMs);
    utimesSync(dir, time, time);
    return dir;
  };
  return { paths, partial };
};

describe('removeStaleUploads', () => {
  it('deletes partial uploads and incoming leftovers older than the time to live, and nothing else', async () => {
    const { paths, partial } = setup();
    const old = partial(`${'a'.repeat(32)}-1`, 25 * HOUR);
    // The older layout, named by the md5 alone.
    const legacy = partial('e'.repeat(32), 25 * HOUR);
    const fresh = partial(`${'b'.repeat(32)}-1`, HOUR);
    const other = join(paths.partial, 'not-an-upload');
    mkdirSync(other);
    utimesSync(other, new Date(0), new Date(0));
    const leftover = join(paths.incoming, 'x.part');
    writeFileSync(leftover, 'x');
    utimesSync(leftover, new Date(Date.now() - 25 * HOUR), new Date(Date.now() - 25 * HOUR));
    const receiving = join(paths.incoming, 'y.part');
    writeFileSync(receiving, 'y');

    expect((await removeStaleUploads(paths, new KeyLock(), 24 * HOUR)).sort()).toEqual([
      `${'a'.repeat(32)}-1`,
      'e'.repeat(32),
    ]);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(legacy)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    expect(existsSync(other)).toBe(true);
    expect(existsSync(leftover)).toBe(false);
    expect(existsSync(receiving)).toBe(true);
  });

  it('skips an upload that is being worked on', async () => {
    const { paths, partial } = setup();
    const key = `${'c'.repeat(32)}-3`;
    const dir = partial(key, 25 * HOUR);
    const lock = new KeyLock();
    let release = () => undefined as void;
    const busy = lock.run(key, () => new Promise<void>((resolve) => (release = resolve)));
    expect(await removeStaleUploads(paths, lock, 24 * HOUR)).toEqual([]);
    expect(existsSync(dir)).toBe(true);
    release();
    await busy;
  });

  it('copes with missing directories and checks a quarter of the time to live, 1 s to 1 h apart', async () => {
    const paths = filePathsOf(join(tmpdir(), 'crudboard-missing-dir'));
    expect(await removeStaleUploads(paths, new KeyLock(), HOUR)).toEqual([]);
    expect(cleanupIntervalMs(24 * HOUR)).toBe(HOUR);
    expect(cleanupIntervalMs(HOUR)).toBe(HOUR / 4);
    expect(cleanupIntervalMs(1000)).toBe(1000);
  });
});
