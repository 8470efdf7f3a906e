import { createMD5 } from 'hash-wasm';
import { MD5_PIECE_SIZE, planChunks } from '../lib/chunk-plan';
import type { Md5Reply, Md5Request } from './md5-messages';

/** The worker's own scope (the web app's typings describe a window). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<Md5Request>) => void) | null;
  postMessage: (message: Md5Reply) => void;
};

/** Pieces being read ahead of the one hashed. */
const READS_AHEAD = 3;

/** Reads the file in 2 MB pieces (docs/product.md §9) off the main thread and answers with its md5. */
scope.onmessage = (event) => {
  const { file } = event.data;
  const run = async () => {
    // WebAssembly md5: spark-md5 (plain JavaScript) hashes about 85 MB/s in Chromium, this several times that.
    const md5 = await createMD5();
    md5.init();
    const pieces = planChunks(file.size, MD5_PIECE_SIZE);
    // A few reads in flight, so reading the next pieces overlaps hashing this one.
    const reads = pieces.slice(0, READS_AHEAD).map((p) => file.slice(p.start, p.end).arrayBuffer());
    for (const [i, piece] of pieces.entries()) {
      const buffer = await (reads.shift() as Promise<ArrayBuffer>);
      const ahead = pieces[i + READS_AHEAD];
      if (ahead) reads.push(file.slice(ahead.start, ahead.end).arrayBuffer());
      md5.update(new Uint8Array(buffer));
      scope.postMessage({ type: 'progress', bytes: piece.end });
    }
    scope.postMessage({ type: 'done', md5: md5.digest('hex') });
  };
  run().catch((error: unknown) => scope.postMessage({ type: 'error', message: String(error) }));
};
