import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bigUploads } from '../../../src/services/files/big-upload';
import { filePathsOf } from '../../../src/services/files/file-paths';
import { KeyLock } from '../../../src/services/files/key-lock';
import { useTestApps } from '../../helpers/test-app';
import { testDatabases } from '../../helpers/test-databases';

const sqlite = testDatabases().filter((db) => db.name === 'sqlite');

describe.each(sqlite)('big uploads ($name)', (db) => {
  const apps = useTestApps(db);

  it('answers chunks while they are hashed, and hashes again from chunk 0 when the md5 thread was lost', async () => {
    const app = await apps.build();
    const paths = filePathsOf(join(apps.env().dataDir, 'big-upload-test'));
    for (const dir of [paths.root, paths.partial, paths.incoming]) mkdirSync(dir, { recursive: true });
    const uploads = bigUploads({ knex: () => app.dataSources.primary.knex, paths, lock: new KeyLock() });
    const chunkSize = 1024 * 1024;
    const data = randomBytes(4 * chunkSize + 17);
    const md5 = createHash('md5').update(data).digest('hex');
    const fields = (chunk: number) => ({ name: 'big.bin', md5, size: data.length, chunks: 5, chunk });
    const send = (chunk: number) => {
      // Received into a temporary file, as a chunk is before the upload's layout is known.
      const bytes = data.subarray(chunk * chunkSize, (chunk + 1) * chunkSize);
      const path = join(paths.incoming, `chunk-${chunk}.part`);
      writeFileSync(path, bytes);
      return uploads.receiveChunk(
        fields(chunk),
        { path, filename: 'big.bin', size: bytes.length, md5: '' },
        1,
      );
    };
    try {
      expect(await send(0)).toMatchObject({ isFinished: false, received: [0] });
      expect(await send(1)).toMatchObject({ isFinished: false, received: [0, 1] });
      expect(await send(3)).toMatchObject({ isFinished: false, received: [0, 1, 3] });
      // The thread (and the md5 state of chunks 0 and 1 in it) goes away.
      await uploads.close();
      expect(await send(2)).toMatchObject({ isFinished: false, received: [0, 1, 2, 3] });
      const last = await send(4);
      expect(last).toMatchObject({ isFinished: true, received: [0, 1, 2, 3, 4] });
      const stored = join(paths.root, String(last.url).split('/').pop() ?? '');
      expect(readFileSync(stored).equals(data)).toBe(true);
    } finally {
      await uploads.close();
    }
  });
});
