import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Md5Worker } from '../../../src/services/files/md5-worker';

const dir = mkdtempSync(join(tmpdir(), 'crudboard-md5-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('Md5Worker', () => {
  it('hashes byte ranges fed in order, per key, on its own thread', async () => {
    const data = randomBytes(5 * 1024 * 1024 + 123);
    const other = randomBytes(1000);
    const path = join(dir, 'data');
    const otherPath = join(dir, 'other');
    writeFileSync(path, data);
    writeFileSync(otherPath, other);
    const worker = new Md5Worker();
    try {
      await worker.update('a', path, 0, 1000);
      await worker.update('b', otherPath, 0, other.length);
      await worker.update('a', path, 1000, data.length);
      expect(await worker.digest('a')).toBe(createHash('md5').update(data).digest('hex'));
      expect(await worker.digest('b')).toBe(createHash('md5').update(other).digest('hex'));
      // A digested key starts again from nothing.
      expect(await worker.digest('a')).toBe(createHash('md5').digest('hex'));
      // A range past the end of the file is an error and forgets the state.
      await expect(worker.update('c', otherPath, 0, other.length + 1)).rejects.toThrow();
      worker.drop('c');
    } finally {
      await worker.close();
    }
  });

  it('starts a new generation when the thread is closed', async () => {
    const worker = new Md5Worker();
    const before = worker.generation;
    await worker.digest('x');
    await worker.close();
    expect(worker.generation).toBeGreaterThan(before);
    expect(await worker.digest('x')).toBe(createHash('md5').digest('hex'));
    await worker.close();
  });
});
