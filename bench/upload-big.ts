/**
 * Big-file upload throughput: generates a file (2 GiB unless BENCH_UPLOAD_BYTES says otherwise),
 * uploads it through the chunk API (`POST /api/file/big`) to the server as `npm start` runs it
 * (the bundle on plain Node, a process of its own), and compares with `cp` of the same file on the
 * same disk. One line per figure.
 *
 *   tsx bench/upload-big.ts
 *   BENCH_UPLOAD_BYTES=268435456 BENCH_CHUNK_BYTES=20971520 BENCH_PARALLEL=4 tsx bench/upload-big.ts
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { startBuiltServer } from './built-server';

const MB = 1024 * 1024;

const envInteger = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
};

/** Writes `size` pseudo-random bytes to `path` and returns their md5. */
const generate = async (path: string, size: number): Promise<string> => {
  const hash = createHash('md5');
  const block = randomBytes(MB);
  async function* blocks() {
    for (let written = 0, n = 0; written < size; n += 1) {
      const piece = Buffer.from(block.subarray(0, Math.min(MB, size - written)));
      piece.writeUInt32LE(n, 0); // no two blocks alike
      hash.update(piece);
      written += piece.length;
      yield piece;
    }
  }
  await pipeline(blocks, createWriteStream(path));
  return hash.digest('hex');
};

interface SendJob {
  url: string;
  cookie: string;
  source: string;
  md5: string;
  size: number;
  chunkSize: number;
  chunks: number;
  parallel: number;
}

/**
 * The client: sends every chunk through `POST /api/file/big`, \`parallel\` at a time, and answers
 * the url of the finished file. It runs on its own thread, as a browser would run in its own
 * process, so the server is not measured sharing one event loop with its client. Each chunk is a
 * multipart body streamed from the file by node:http, as a browser's native network stack sends
 * a Blob: fetch with FormData (undici) tops out at about 270 MB/s on this kind of machine even
 * against a server that reads and discards, too little to measure a server against a disk.
 */
const CLIENT = `
const { parentPort, workerData: job } = require('node:worker_threads');
const { createReadStream } = require('node:fs');
const http = require('node:http');
const { randomBytes } = require('node:crypto');
const agent = new http.Agent({ keepAlive: true, maxSockets: job.parallel });
const target = new URL(job.url + '/api/file/big');
const field = (boundary, name, value) =>
  '--' + boundary + '\\r\\nContent-Disposition: form-data; name="' + name + '"\\r\\n\\r\\n' + value + '\\r\\n';
const sendChunk = (index) =>
  new Promise((resolve, reject) => {
    const start = index * job.chunkSize;
    const end = Math.min(job.size, start + job.chunkSize);
    const boundary = '----crudboard' + randomBytes(12).toString('hex');
    const head = Buffer.from(
      field(boundary, 'name', 'bench.bin') + field(boundary, 'md5', job.md5) +
        field(boundary, 'size', String(job.size)) + field(boundary, 'chunks', String(job.chunks)) +
        field(boundary, 'chunk', String(index)) +
        '--' + boundary + '\\r\\nContent-Disposition: form-data; name="file"; filename="blob"\\r\\n' +
        'Content-Type: application/octet-stream\\r\\n\\r\\n',
    );
    const tail = Buffer.from('\\r\\n--' + boundary + '--\\r\\n');
    const request = http.request(target, {
      method: 'POST',
      agent,
      headers: {
        cookie: job.cookie,
        'content-type': 'multipart/form-data; boundary=' + boundary,
        'content-length': head.length + (end - start) + tail.length,
      },
    }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (text) => (body += text));
      response.on('end', () => {
        if (response.statusCode !== 201) reject(new Error('chunk ' + index + ': ' + response.statusCode + ' ' + body));
        else resolve(JSON.parse(body));
      });
    });
    request.on('error', reject);
    request.write(head);
    const data = createReadStream(job.source, { start, end: end - 1, highWaterMark: 1024 * 1024 });
    data.on('error', reject);
    data.on('end', () => request.end(tail));
    data.pipe(request, { end: false });
  });
(async () => {
  let next = 0;
  let url;
  await Promise.all(
    Array.from({ length: Math.min(job.parallel, job.chunks) }, async () => {
      while (next < job.chunks) {
        const body = await sendChunk(next++);
        if (body.isFinished) url = body.url;
      }
    }),
  );
  agent.destroy();
  parentPort.postMessage(url);
})().catch((error) => {
  throw error;
});
`;

const sendChunks = (job: SendJob): Promise<string | undefined> =>
  new Promise((resolve, reject) => {
    const worker = new Worker(CLIENT, { eval: true, workerData: job });
    worker.once('message', (url: string | undefined) => {
      resolve(url);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the upload client stopped with code ${code}`));
    });
  });

const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;
const rate = (bytes: number, time: number) => `${(bytes / MB / time).toFixed(1)} MB/s`;

export const runUploadBig = async (): Promise<void> => {
  const size = envInteger('BENCH_UPLOAD_BYTES', 2 * 1024 * MB);
  const chunkSize = envInteger('BENCH_CHUNK_BYTES', 20 * MB);
  const parallel = envInteger('BENCH_PARALLEL', 4);
  const chunks = Math.ceil(size / chunkSize);
  const work = mkdtempSync(join(tmpdir(), 'crudboard-upload-bench-'));
  const source = join(work, 'source.bin');
  const server = await startBuiltServer(join(work, 'data'));
  try {
    let start = process.hrtime.bigint();
    const md5 = await generate(source, size);
    console.log(`upload-big generate ${(size / MB).toFixed(0)} MB: ${seconds(start).toFixed(2)} s`);

    // Each timed copy starts with nothing of the previous step left to write back to the disk.
    await promisify(execFile)('sync');
    start = process.hrtime.bigint();
    const url = await sendChunks({
      url: server.url,
      cookie: server.cookie,
      source,
      md5,
      size,
      chunkSize,
      chunks,
      parallel,
    });
    const uploadTime = seconds(start);
    if (!url) throw new Error('the upload never finished');
    console.log(
      `upload-big chunk API: ${rate(size, uploadTime)} (${uploadTime.toFixed(2)} s, ` +
        `${chunks} chunks of ${(chunkSize / MB).toFixed(0)} MB, ${parallel} in parallel, md5 checked)`,
    );

    await promisify(execFile)('sync');
    start = process.hrtime.bigint();
    await promisify(execFile)('cp', [source, join(work, 'copy.bin')]);
    const copyTime = seconds(start);
    console.log(`upload-big cp: ${rate(size, copyTime)} (${copyTime.toFixed(2)} s)`);
    console.log(`upload-big chunk API / cp: ${(copyTime / uploadTime).toFixed(2)}x the speed of cp`);
  } finally {
    await server.close();
    rmSync(work, { recursive: true, force: true });
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await runUploadBig();
}
