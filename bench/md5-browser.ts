/**
 * md5 throughput of the web app's big-file worker (the one the upload uses, from the built app:
 * run `npm run build` first) in headless Chromium: a 1 GiB file (BENCH_MD5_BYTES to change it) is
 * written to disk, chosen in the page's file input and hashed in 2 MB pieces, from posting it to
 * the worker to its answer. The md5 is checked against
 * Node's. One line.
 *
 *   tsx bench/md5-browser.ts
 */
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { launchBrowser } from '../tests/e2e/helpers/browser';
import { startServer } from '../tests/e2e/helpers/start-server';
import { envInteger } from './bench-stats';

const MB = 1024 * 1024;
const TARGET_MB_S = 150;
const assets = resolve(import.meta.dirname, '../dist/assets');

/** The built md5 worker's file name. */
const workerAsset = (): string => {
  let names: string[];
  try {
    names = readdirSync(assets);
  } catch {
    throw new Error('no built web app in dist/: run `npm run build` first');
  }
  const found = names.find((name) => /^md5\.worker-[\w-]+\.js$/.test(name));
  if (!found) throw new Error('no md5 worker in dist/assets: run `npm run build` first');
  return found;
};

/**
 * Runs in the page: hashes the file chosen in the page's file input in the worker and answers with
 * the md5 and the milliseconds taken. A string, as the bench compiles without DOM typings.
 */
const inPage = `async (workerUrl) => {
  const file = document.querySelector('#bench-file').files[0];
  const worker = new Worker(workerUrl, { type: 'module' });
  const started = performance.now();
  const md5 = await new Promise((done, fail) => {
    worker.onmessage = (event) => {
      if (event.data.type === 'done') done(event.data.md5);
      else if (event.data.type === 'error') fail(new Error(event.data.message));
    };
    worker.onerror = (event) => fail(new Error(event.message));
    worker.postMessage({ file });
  });
  const ms = performance.now() - started;
  worker.terminate();
  return { md5, ms };
}`;

/** Writes `blocks` copies of `block` (each stamped with its number) to `path`; returns their md5. */
const writeFile = async (path: string, block: Buffer, blocks: number): Promise<string> => {
  const hash = createHash('md5');
  async function* pieces() {
    for (let n = 0; n < blocks; n += 1) {
      const piece = Buffer.from(block);
      piece.writeUInt32LE(n, 0);
      hash.update(piece);
      yield piece;
    }
  }
  await pipeline(pieces, createWriteStream(path));
  return hash.digest('hex');
};

export const runMd5Browser = async (): Promise<void> => {
  const size = envInteger('BENCH_MD5_BYTES', 1024 * MB);
  if (size % MB !== 0) throw new Error('BENCH_MD5_BYTES must be a whole number of MiB');
  const worker = workerAsset();
  const work = mkdtempSync(join(tmpdir(), 'crudboard-md5-bench-'));
  const path = join(work, 'big.bin');
  const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  try {
    // A file on disk, as a user picks it: the page reads it through the file input.
    const expected = await writeFile(path, randomBytes(MB), size / MB);
    const page = await browser.newPage();
    await page.goto(`${server.url}/crudboard/login`);
    await page.evaluate(
      `document.body.insertAdjacentHTML('beforeend', '<input id="bench-file" type="file">')`,
    );
    await page.locator('#bench-file').setInputFiles(path);
    const run = (await page.evaluate(`(${inPage})(${JSON.stringify(`/crudboard/assets/${worker}`)})`)) as {
      md5: string;
      ms: number;
    };
    if (run.md5 !== expected) throw new Error(`worker md5 ${run.md5} differs from Node's ${expected}`);
    const rate = size / MB / (run.ms / 1000);
    console.log(`md5 in browser worker: ${rate.toFixed(1)} MB/s (target ≥ ${TARGET_MB_S} MB/s)`);
  } finally {
    await browser.close();
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await runMd5Browser();
}
