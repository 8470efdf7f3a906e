import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { PlacedWriter } from '../../../src/services/files/placed-writer';

const dir = mkdtempSync(join(tmpdir(), 'crudboard-placed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const placement = (path: string, offset: number, maxLength: number) => ({
  path,
  offset,
  maxLength,
  tooLong: () => new Error('too long'),
  abandon: () => {
    throw new Error('abandon is not the writer’s to call');
  },
});

describe('PlacedWriter', () => {
  it('writes the pieces of a part at its offset, leaving the rest of the file alone', async () => {
    const path = join(dir, 'data');
    writeFileSync(path, Buffer.alloc(20, '.'));
    const writer = new PlacedWriter(placement(path, 5, 10));
    await pipeline(Readable.from([Buffer.from('abc'), Buffer.from('defg'), Buffer.from('hij')]), writer);
    expect(writer.written).toBe(10);
    expect(readFileSync(path, 'latin1')).toBe('.....abcdefghij.....');
  });

  it('fails a part longer than its place without writing past it', async () => {
    const path = join(dir, 'short');
    writeFileSync(path, Buffer.alloc(12, '.'));
    const writer = new PlacedWriter(placement(path, 2, 6));
    const pieces = async function* () {
      yield Buffer.from('abcd');
      await new Promise((resolve) => setTimeout(resolve, 20));
      yield Buffer.from('efgh');
    };
    await expect(pipeline(Readable.from(pieces()), writer)).rejects.toThrow('too long');
    expect(readFileSync(path, 'latin1')).toBe('..abcd......');
  });

  it('fails when the file is not there', async () => {
    const writer = new PlacedWriter(placement(join(dir, 'missing'), 0, 10));
    await expect(pipeline(Readable.from([Buffer.from('x')]), writer)).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });
});
