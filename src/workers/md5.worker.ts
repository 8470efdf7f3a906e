import SparkMD5 from 'spark-md5';
import { MD5_PIECE_SIZE, planChunks } from '../lib/chunk-plan';
import type { Md5Reply, Md5Request } from './md5-messages';

/** The worker's own scope (the web app's typings describe a window). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<Md5Request>) => void) | null;
  postMessage: (message: Md5Reply) => void;
};

/** Pieces being read ahead of the one hashed. */
const READS_AHEAD = 3;

/** Reads the file in 2 MB pieces (SPEC §9) off the main thread and answers with its md5. */
scope.onmessage = (event) => {
  const { file } = event.data;
  const run = async () => {
    const spark = new SparkMD5.ArrayBuffer();
    const pieces = planChunks(file.size, MD5_PIECE_SIZE);
    // A few reads in flight, so reading the next pieces overlaps hashing this one.
    const reads = pieces.slice(0, READS_AHEAD).map((p) => file.slice(p.start, p.end).arrayBuffer());
    for (const [i, piece] of pieces.entries()) {
      const buffer = await (reads.shift() as Promise<ArrayBuffer>);
      const ahead = pieces[i + READS_AHEAD];
      if (ahead) reads.push(file.slice(ahead.start, ahead.end).arrayBuffer());
      spark.append(buffer);
      scope.postMessage({ type: 'progress', bytes: piece.end });
    }
    scope.postMessage({ type: 'done', md5: spark.end() });
  };
  run().catch((error: unknown) => scope.postMessage({ type: 'error', message: String(error) }));
};
