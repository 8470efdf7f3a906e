import { Worker } from 'node:worker_threads';

/**
 * The thread's code (plain CommonJS, so it runs the same from sources and from a build): md5
 * states by key, each fed byte ranges of files it reads itself.
 */
const THREAD = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const { open } = require('node:fs/promises');
const hashes = new Map();
const BUFFER = 4 * 1024 * 1024;
parentPort.on('message', async ({ id, op, key, path, start, end }) => {
  try {
    if (op === 'drop') {
      hashes.delete(key);
      return;
    }
    let hash = hashes.get(key);
    if (!hash) hashes.set(key, (hash = createHash('md5')));
    if (op === 'digest') {
      hashes.delete(key);
      parentPort.postMessage({ id, value: hash.digest('hex') });
      return;
    }
    const file = await open(path, 'r');
    try {
      const buffer = Buffer.allocUnsafe(Math.max(1, Math.min(BUFFER, end - start)));
      for (let position = start; position < end; ) {
        const { bytesRead } = await file.read(buffer, 0, Math.min(buffer.length, end - position), position);
        if (bytesRead === 0) throw new Error('the file is shorter than expected');
        hash.update(buffer.subarray(0, bytesRead));
        position += bytesRead;
      }
    } finally {
      await file.close();
    }
    parentPort.postMessage({ id });
  } catch (error) {
    hashes.delete(key);
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

interface Pending {
  resolve: (value: string) => void;
  reject: (error: Error) => void;
}

/**
 * Incremental md5s computed on a thread of their own (so hashing big uploads does not hold up
 * the event loop). `generation` changes whenever the thread was replaced, which loses its states.
 */
export class Md5Worker {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  generation = 0;

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(THREAD, { eval: true });
    worker.unref();
    const fail = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.generation += 1;
      for (const { reject } of this.pending.values()) reject(error);
      this.pending.clear();
    };
    worker.on('message', ({ id, value, error }: { id: number; value?: string; error?: string }) => {
      const waiting = this.pending.get(id);
      this.pending.delete(id);
      if (error === undefined) waiting?.resolve(value ?? '');
      else waiting?.reject(new Error(error));
    });
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('the md5 thread stopped')));
    this.worker = worker;
    return worker;
  }

  private send(message: Record<string, unknown>): Promise<string> {
    const id = (this.nextId += 1);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.thread().postMessage({ ...message, id });
    });
  }

  /** Feeds bytes `start` … `end - 1` of the file at `path` to the md5 of `key`. */
  async update(key: string, path: string, start: number, end: number): Promise<void> {
    await this.send({ op: 'update', key, path, start, end });
  }

  /** The md5 of what `key` was fed, as lowercase hex; the state is forgotten. */
  digest(key: string): Promise<string> {
    return this.send({ op: 'digest', key });
  }

  /** Forgets the state of `key`. */
  drop(key: string): void {
    this.worker?.postMessage({ op: 'drop', key });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.generation += 1;
    for (const { reject } of this.pending.values()) reject(new Error('closed'));
    this.pending.clear();
    await worker?.terminate();
  }
}
